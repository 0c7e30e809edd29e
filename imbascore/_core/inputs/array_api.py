"""The adapter of array API inputs: torch, CuPy, JAX and ``array_api_strict``
arrays, checked in their own namespace and on their own device.

Only with scikit-learn's switch on (``sklearn.set_config(array_api_dispatch=
True)``, or ``sklearn.config_context``), as scikit-learn's own metrics;
otherwise such arrays are read as numpy reads them, as before. The labels stay
where they are: the checks here and the counts of
:mod:`imbascore._core.engine.device` run as array operations of the inputs'
namespace, and only results of the size of the table (the classes, the
counts, one offending value for an error message) come to the host.

What the array path cannot serve gets a clear error, never a silent copy of
the samples to the host: inputs of different namespaces or devices (a torch
tensor beside a numpy array or a list), string labels (no array API library
has them), 2-D targets, and the functions that need every sample on the host
(bootstrap intervals, per-sample costs, groups).
"""

import importlib
from dataclasses import dataclass

import numpy as np

from ..checks import (
    bad_param,
    check_length,
    check_weight_shape,
    continuous_message,
    missing_message,
)

__all__ = [
    "DeviceCodes",
    "array_api_namespace",
    "device_of",
    "host_only_error",
    "label_vector",
    "read_device_targets",
    "to_host",
    "weight_vector",
]


def _compat():
    """array_api_compat: scikit-learn's vendored copy (1.6 and later), else
    the package, which older scikit-learn requires for its dispatch."""
    # by name: its py.typed (vendored inside scikit-learn) would make a type
    # checker read scikit-learn, which has no types, as typed
    for name in ("sklearn.externals.array_api_compat", "array_api_compat"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise ImportError(
        "scikit-learn's array API dispatch needs array_api_compat: "
        "pip install array-api-compat"
    )


def _dispatch_on():
    from sklearn import get_config

    return bool(get_config().get("array_api_dispatch", False))


def _is_foreign_array(value, compat):
    return compat.is_array_api_obj(value) and not compat.is_numpy_array(value)


def array_api_namespace(arrays, func):
    """``(xp, device)`` of ``arrays`` (a mapping parameter name -> value,
    None values skipped) when scikit-learn's array API dispatch is on and one
    of them is an array of a namespace other than numpy; None otherwise.

    Every other input must then be an array of the same namespace on the
    same device: the error names the parameter, the rule and what it got.
    """
    if not _dispatch_on():
        return None
    compat = _compat()
    given = {name: value for name, value in arrays.items() if value is not None}
    foreign = [
        name for name, value in given.items() if _is_foreign_array(value, compat)
    ]
    if not foreign:
        return None
    first = foreign[0]
    xp = compat.array_namespace(given[first])
    device = compat.device(given[first])
    for name, value in given.items():
        if (
            not compat.is_array_api_obj(value)
            or compat.array_namespace(value) is not xp
        ):
            raise bad_param(
                func,
                name,
                f"an array of {first}'s namespace ({xp.__name__}) with "
                "array_api_dispatch on",
                f"a {type(value).__module__}.{type(value).__name__}",
                f"Convert it with {xp.__name__}.asarray(..., device=...): the "
                "package does not copy one side to the other's device.",
                error=TypeError,
            )
        if compat.device(value) != device:
            raise bad_param(
                func,
                name,
                f"on {first}'s device ({device})",
                f"an array on {compat.device(value)}",
            )
    return xp, device


def device_of(array):
    """The device an array API array lives on."""
    return _compat().device(array)


def to_host(array):
    """A small array of any namespace as numpy (classes, counts)."""
    compat = _compat()
    if compat.is_torch_array(array):
        return array.detach().cpu().numpy()
    if compat.is_cupy_array(array):
        return array.get()
    if compat.is_array_api_strict_namespace(compat.array_namespace(array)):
        import array_api_strict  # its devices other than the CPU refuse numpy

        array = array.to_device(array_api_strict.Device("CPU_DEVICE"))
    return np.asarray(array)


def host_only_error(func, name="y_true"):
    """The error of a function that needs every sample on the host."""
    return bad_param(
        func,
        name,
        "a numpy array (this function reads every sample on the host)",
        "an array of another namespace, with array_api_dispatch on",
        "Pass numpy arrays (e.g. tensor.cpu().numpy()), or turn the dispatch "
        "off to let numpy convert them.",
        error=TypeError,
    )


@dataclass(frozen=True)
class DeviceCodes:
    """Checked 1-D labels of an array API namespace, on their device.

    Attributes
    ----------
    true, pred : array of shape (n_samples,)
        Integer, boolean or whole-float labels, in ``xp``.
    weights : array of shape (n_samples,) or None
        float64 (the device's widest float where float64 is missing).
    xp : module
        The inputs' namespace (array_api_compat's wrapper where it has one).
    func : str
        The public function, for messages.
    """

    true: object
    pred: object
    weights: object
    xp: object
    func: str


def label_vector(y, name, xp, func):
    """``y`` as a checked 1-D label array of ``xp``."""
    rule = "a 1-D array of shape (n_samples,)"
    if y.ndim == 2 and y.shape[1] == 1:
        y = xp.reshape(y, (-1,))
    if y.ndim != 1:
        raise bad_param(
            func,
            name,
            rule,
            f"an array of shape {tuple(y.shape)}",
            "Multilabel targets take numpy arrays.",
        )
    if y.shape[0] == 0:
        raise bad_param(func, name, "a non-empty array", "an empty array")
    if xp.isdtype(y.dtype, ("bool", "integral")):
        return y
    if not xp.isdtype(y.dtype, "real floating"):
        raise bad_param(
            func,
            name,
            "an array of class labels (integers, booleans or whole floats)",
            f"an array of dtype {y.dtype}",
            error=TypeError,
        )
    if bool(xp.any(xp.isnan(y))):
        raise ValueError(missing_message(name, func))
    if not bool(xp.all(xp.isfinite(y))):
        raise bad_param(func, name, "finite", "an array containing inf")
    fractional = y != xp.round(y)
    if bool(xp.any(fractional)):
        example = float(to_host(y[xp.nonzero(fractional)[0][:1]])[0])
        raise ValueError(continuous_message(name, func, example))
    return y


def weight_vector(weights, n_samples, xp, device, func):
    """``sample_weight`` as a checked float array of ``xp``."""
    if weights.ndim == 2 and weights.shape[1] == 1:
        weights = xp.reshape(weights, (-1,))
    check_weight_shape(weights.shape, n_samples, func)
    if not xp.isdtype(weights.dtype, ("bool", "integral", "real floating")):
        raise bad_param(
            func,
            "sample_weight",
            "an array of real numbers",
            f"an array of dtype {weights.dtype}",
            error=TypeError,
        )
    weights = xp.astype(weights, _widest_float(xp, device))
    if not bool(xp.all(xp.isfinite(weights))):
        raise bad_param(func, "sample_weight", "finite", "an array with NaN or inf")
    if bool(xp.any(weights < 0)):
        low = float(to_host(xp.min(weights)))
        raise bad_param(
            func, "sample_weight", "non-negative", f"an array with minimum {low!r}"
        )
    return weights


def _widest_float(xp, device):
    """float64 where the device has it (Apple's MPS does not: float32)."""
    try:
        xp.zeros(1, dtype=xp.float64, device=device)
    except (TypeError, RuntimeError, ValueError):
        return xp.float32
    return xp.float64


def read_device_targets(y_true, y_pred, sample_weight, func):
    """:class:`DeviceCodes` of array API labels with the dispatch on, else
    None (the numpy adapters read the inputs)."""
    found = array_api_namespace(
        {"y_true": y_true, "y_pred": y_pred, "sample_weight": sample_weight}, func
    )
    if found is None:
        return None
    xp, device = found
    true = label_vector(y_true, "y_true", xp, func)
    pred = label_vector(y_pred, "y_pred", xp, func)
    check_length(pred.shape[0], true.shape[0], "y_pred", func)
    weights = (
        None
        if sample_weight is None
        else weight_vector(sample_weight, true.shape[0], xp, device, func)
    )
    return DeviceCodes(true, pred, weights, xp, func)
