"""numpy string labels ('U', 'S') encoded without sorting the strings.

Codes over the sorted union of two 1-D arrays, exactly as
``np.unique(np.concatenate([y_true, y_pred]), return_inverse=True)``.

Rows: each string as zero-padded big-endian code units of 1, 2 or 4 bytes (the fewest
that hold every code point; 'S': its bytes), padded to 8-byte words.  numpy strips
trailing NULs, so padding keeps numpy's equality, and big-endian rows sort like numpy.
One word per row is the exact key; longer rows are hashed to one uint64.  Up to _PEEL
classes are peeled (``keys != v``), more are grouped by one SIMD np.sort of hash|index.
Rows are then checked against one member of their group (a hash collision falls back
to np.unique), and the few groups are ordered by sorting one member each.
"""

import numpy as np

__all__ = ["encode_strings"]

_PEEL = 40  # classes found by peeling (~1 ms each per 2e6 labels); beyond: sort
_INDEX_BITS = 28  # above 2**28 labels, hash | index keeps too few hash bits
_MIX = np.array(
    [
        0x9E3779B97F4A7C15,
        0xC2B2AE3D27D4EB4F,
        0x165667B19E3779F9,
        0xD6E8FEB86659FD93,
        0xFF51AFD7ED558CCD,
    ],
    dtype=np.uint64,
)


def _peel(keys):
    """(first index of each class, class of each key) for <= _PEEL classes."""
    if len(np.unique(keys[:1000])) >= _PEEL:
        return None
    labels, todo, first = np.zeros(len(keys), np.int8), np.ones(len(keys), bool), [0]
    while len(first) <= _PEEL:
        start = first[-1]
        todo[start:] &= keys[start:] != keys[start]
        labels[start:] += todo[start:]  # finally: the class's position in `first`
        start += int(todo[start:].argmax())
        if not todo[start]:
            return np.array(first), labels.astype(np.intp)
        first.append(start)
    return None


def _group(keys):
    """(one index of each group, group of each key): equal keys, same group."""
    bits = max(int(len(keys) - 1).bit_length(), 1)
    if bits > _INDEX_BITS:  # np.unique's argsort instead
        _, first, labels = np.unique(keys, return_index=True, return_inverse=True)
        return first, labels
    packed = np.sort(
        (keys * _MIX[4]) >> np.uint64(bits) << np.uint64(bits)
        | np.arange(len(keys), dtype=np.uint64)
    )
    index = (packed & np.uint64((1 << bits) - 1)).astype(np.intp)
    new = np.empty(len(keys), bool)
    new[0], new[1:] = (
        True,
        (packed[1:] >> np.uint64(bits)) != (packed[:-1] >> np.uint64(bits)),
    )
    labels = np.empty(len(keys), np.intp)
    labels[index] = np.cumsum(new) - 1
    return index[new], labels


def encode_strings(y_true, y_pred):
    """(codes_true, codes_pred, classes), as np.unique on the concatenation."""
    y_true, y_pred = ys = [np.asarray(y_true), np.asarray(y_pred)]
    both = np.concatenate([y[:0] for y in ys])  # the dtype np.unique returns
    n, total = len(y_true), len(y_true) + len(y_pred)
    if total == 0 or {y.dtype.kind for y in ys} not in ({"U"}, {"S"}):
        return _encode_plain(y_true, y_pred)  # not strings of one kind
    ys = [np.ascontiguousarray(y, y.dtype.newbyteorder("=")) for y in ys]
    ys = [
        y.view(f"u{size}").reshape(len(y), y.itemsize // size)
        for y, size in ((y, 4 if y.dtype.kind == "U" else 1) for y in ys)
    ]
    unit = 1
    if both.dtype.kind == "U":  # bytes per character: the fewest that fit
        top = max(int(y.max()) if y.size else 0 for y in ys)
        unit = 1 if top < 256 else 2 if top < 65536 else 4
    width = -(-max(y.shape[1] for y in ys) * unit // 8) * 8
    rows = np.zeros((total, width), np.uint8)
    for y, part in ((ys[0], rows[:n]), (ys[1], rows[n:])):
        size = y.shape[1] * unit
        if size == width:  # cast straight into the rows
            np.copyto(part.view(f">u{unit}"), y, casting="unsafe")
        else:  # cast flat, then copy as one field per row
            field = np.dtype(
                {"names": ["s"], "formats": [f"V{size}"], "itemsize": width}
            )
            part.view(field)["s"][:, 0] = np.asarray(y, f">u{unit}").view(f"V{size}")[
                :, 0
            ]
    words = rows.view(np.uint64)
    exact = width == 8
    if exact:  # the row itself (read big-endian, it sorts like the strings)
        keys = words[:, 0]
    else:  # a linear hash: collisions are caught below
        keys, term = words[:, 0] * _MIX[0], np.empty(total, np.uint64)
        for j in range(1, words.shape[1]):
            keys += np.multiply(words[:, j], _MIX[j % len(_MIX)], out=term)
    found = _peel(keys)
    exact_groups = exact and found is not None
    first, labels = found if found is not None else _group(keys)
    for j in range(words.shape[1] * (not exact_groups)):
        if not np.array_equal(words[:, j], words[first, j][labels]):
            return _encode_plain(y_true, y_pred)  # a hash collision
    classes = np.empty(len(first), both.dtype)
    classes[first < n] = y_true[first[first < n]]
    classes[first >= n] = y_pred[first[first >= n] - n]
    order = np.argsort(rows.view(">u8")[first, 0] if exact else classes, kind="stable")
    rank = np.empty(len(order), np.intp)
    rank[order] = np.arange(len(order))
    codes = labels  # when the classes were found in sorted order
    if (order != np.arange(len(order))).any():
        codes = np.subtract(1, labels, out=labels) if len(order) == 2 else rank[labels]
    return codes[:n], codes[n:], classes[order]


def _encode_plain(y_true, y_pred):
    """The np.unique encoding (after a hash collision, or for other labels)."""
    both = np.concatenate([np.asarray(y_true), np.asarray(y_pred)])
    classes, codes = np.unique(both, return_inverse=True)
    codes = codes.reshape(-1)
    return codes[: len(y_true)], codes[len(y_true) :], classes
