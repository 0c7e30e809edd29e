"""The compiled loops of :class:`~imbascore.study.WekaMLPClassifier` (numba).

One hidden layer of sigmoid units, one sigmoid output unit per class, and
back-propagation one instance at a time, with the arithmetic in Weka's
order so that the weights agree with Weka's to rounding:

* ``weka/classifiers/functions/neural/SigmoidUnit.java`` ``outputValue``:
  ``v = w0 + sum_i x_i w_i`` (inputs in order), ``0`` below -45, ``1``
  above 45, else ``1 / (1 + exp(-v))``; ``errorValue``: the error reaching
  the unit times ``v (1 - v)``; ``updateWeights``: with
  ``lte = rate * error``, the change is ``lte * input + momentum *
  previous change`` (``lte + momentum * previous`` for the bias), added to
  the weight and kept for the next step.
* ``exp`` is fdlibm's ``__ieee754_exp`` (``java.lang.StrictMath.exp``, and
  ``Math.exp`` where the JVM has no faster intrinsic), ported bit for bit:
  the C library's ``exp`` differs from it in the last bit for about one
  argument in ten, and over 500 epochs of a large network such differences
  grow until the weights part.
* ``weka/classifiers/functions/MultilayerPerceptron.java`` ``NeuralEnd``:
  the error of output ``c`` is ``1 - v`` for the instance's class and
  ``0 - v`` for the others; ``calculateErrors`` computes every unit's
  error from the weights before any of them is updated
  (``updateNetworkWeights``).

Weights are stored with the bias first: ``hidden[0, h]`` and
``hidden[1 + i, h]`` (input ``i`` to hidden unit ``h``), ``output[0, c]``
and ``output[1 + h, c]``. Each unit's sum still runs over its inputs in
Weka's order; the loops run across units so that they vectorise.
"""

import math
import struct

import numpy as np
from numba import njit

__all__ = ["fdlibm_exp", "predict_proba", "train"]


def _from_high_word(high):
    return struct.unpack(">d", struct.pack(">II", high, 0))[0]


# fdlibm e_exp.c compares the high word of |x|; for x >= 0 the same tests on
# the value itself:
_HX_OVERFLOW = _from_high_word(0x40862E42)  # hx >= 0x40862E42
_HX_HALF_LN2 = _from_high_word(0x3FD62E43)  # hx > 0x3fd62e42
_HX_THREE_HALVES_LN2 = _from_high_word(0x3FF0A2B2)  # hx < 0x3FF0A2B2
_HX_TINY = _from_high_word(0x3E300000)  # hx < 0x3e300000 (2**-28)
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_INV_LN2 = 1.44269504088896338700e00
_P1 = 1.66666666666666019037e-01
_P2 = -2.77777777770155933842e-03
_P3 = 6.61375632143793436117e-05
_P4 = -1.65339022054652515390e-06
_P5 = 4.13813679705723846039e-08
_O_THRESHOLD = 7.09782712893383973096e02
_U_THRESHOLD = -7.45133219101941108420e02
_TWO_M1000 = 9.33263618503218878990e-302


@njit(cache=True)
def fdlibm_exp(x):
    """fdlibm 5.3 ``__ieee754_exp`` (``StrictMath.exp``), to the last bit."""
    if x != x:
        return x + x
    negative = x < 0.0
    ax = -x if negative else x
    if ax >= _HX_OVERFLOW:
        if ax == math.inf:
            return 0.0 if negative else x
        if x > _O_THRESHOLD:
            return math.inf
        if x < _U_THRESHOLD:
            return 0.0
    k = 0
    hi = 0.0
    lo = 0.0
    if ax >= _HX_HALF_LN2:  # argument reduction: x = k ln2 + r
        if ax < _HX_THREE_HALVES_LN2:
            if negative:
                hi = x + _LN2_HI
                lo = -_LN2_LO
                k = -1
            else:
                hi = x - _LN2_HI
                lo = _LN2_LO
                k = 1
        else:
            k = int(_INV_LN2 * x + (-0.5 if negative else 0.5))
            t = float(k)
            hi = x - t * _LN2_HI
            lo = t * _LN2_LO
        x = hi - lo
    elif ax < _HX_TINY:
        return 1.0 + x
    t = x * x
    c = x - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
    if k == 0:
        return 1.0 - ((x * c) / (c - 2.0) - x)
    y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi)
    # Adding k to the exponent of y is multiplying by 2**k, exactly.
    if k >= -1021:
        return math.ldexp(y, k)
    return math.ldexp(y, k + 1000) * _TWO_M1000


@njit(cache=True, error_model="numpy")
def _sigmoids(net, out, scale_bits):
    """``out[j]``: the SigmoidUnit output of ``net[j]``, fdlibm's exp unbranched.

    The same operations as :func:`fdlibm_exp` for every ``|x| <= 45`` (its
    k = 0 and k = +-1 reductions are the general one with ``t`` = 0 or +-1,
    exactly), written so that the loop vectorises; ``2**k`` is built from
    its bits.
    """
    n = net.shape[0]
    for j in range(n):
        x = -net[j]
        ax = abs(x)
        k_far = int(_INV_LN2 * x + (-0.5 if x < 0.0 else 0.5))
        k_near = -1 if x < 0.0 else 1
        k_mid = k_near if ax >= _HX_HALF_LN2 else 0
        k = k_far if ax >= _HX_THREE_HALVES_LN2 else k_mid
        t = float(k)
        hi = x - t * _LN2_HI
        lo = t * _LN2_LO
        r = hi - lo
        rr = r * r
        c = r - rr * (_P1 + rr * (_P2 + rr * (_P3 + rr * (_P4 + rr * _P5))))
        y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi)
        out[j] = (1.0 + x) if ax < _HX_TINY else y
        scale_bits[j] = (k + 1023) << 52
    scale = scale_bits.view(np.float64)
    for j in range(n):
        value = net[j]
        sigmoid = 1.0 / (1.0 + out[j] * scale[j])
        # SigmoidUnit.outputValue: 0 below -45, 1 above 45.
        sigmoid = 0.0 if value < -45.0 else sigmoid
        out[j] = 1.0 if value > 45.0 else sigmoid


@njit(cache=True, error_model="numpy")
def _hidden_net(x, hidden, net):
    """``net[h] = w0 + sum_i x_i w_i``, the inputs in order (SigmoidUnit)."""
    bias = hidden[0]
    for h in range(hidden.shape[1]):
        net[h] = bias[h]
    for i in range(x.shape[0]):
        xi = x[i]
        weights = hidden[1 + i]
        for h in range(hidden.shape[1]):
            net[h] += xi * weights[h]


@njit(cache=True, error_model="numpy")
def _outputs(net, hidden_out, output, net_output, out, bits):
    """The hidden units' outputs, then the output units'."""
    _sigmoids(net, hidden_out, bits)
    for c in range(output.shape[1]):
        value = output[0, c]
        for h in range(hidden_out.shape[0]):
            value += hidden_out[h] * output[1 + h, c]
        net_output[c] = value
    _sigmoids(net_output, out, bits)


@njit(cache=True, error_model="numpy")
def train(X, y, hidden, output, epochs, rate, momentum):
    """Train ``hidden`` and ``output`` in place; False if the error became NaN/inf.

    ``X`` holds the scaled inputs in Weka's training order, ``y`` the class
    index of each row. The pass that updates the input weights also sums the
    next instance's hidden inputs with the new weights (the same sums, in the
    same order, as a separate forward pass would make).
    """
    n_samples, n_inputs = X.shape
    n_hidden = hidden.shape[1]
    n_outputs = output.shape[1]
    change_hidden = np.zeros_like(hidden)
    change_output = np.zeros_like(output)
    net = np.empty(n_hidden)
    hidden_out = np.empty(n_hidden)
    hidden_error = np.empty(n_hidden)
    hidden_step = np.empty(n_hidden)
    net_output = np.empty(n_outputs)
    out = np.empty(n_outputs)
    output_error = np.empty(n_outputs)
    bits = np.empty(max(n_hidden, n_outputs), dtype=np.int64)
    _hidden_net(X[0], hidden, net)
    for _ in range(epochs):
        total = 0.0
        for row in range(n_samples):
            x = X[row]
            _outputs(net, hidden_out, output, net_output, out, bits)
            # NeuralEnd.errorValue, then SigmoidUnit.errorValue of the outputs.
            for c in range(n_outputs):
                target = 1.0 if y[row] == c else 0.0
                difference = target - out[c]
                total += difference * difference
                value = out[c]
                output_error[c] = difference * (value * (1.0 - value))
            # SigmoidUnit.errorValue of the hidden units (the old output weights).
            for h in range(n_hidden):
                error = 0.0
                weights = output[1 + h]
                for c in range(n_outputs):
                    error += output_error[c] * weights[c]
                value = hidden_out[h]
                hidden_error[h] = error * (value * (1.0 - value))
            # SigmoidUnit.updateWeights of the outputs, then of the hidden units.
            for c in range(n_outputs):
                step = rate * output_error[c]
                change = step + momentum * change_output[0, c]
                output[0, c] += change
                change_output[0, c] = change
                for h in range(n_hidden):
                    change = step * hidden_out[h]
                    change += momentum * change_output[1 + h, c]
                    output[1 + h, c] += change
                    change_output[1 + h, c] = change
            weights = hidden[0]
            changes = change_hidden[0]
            for h in range(n_hidden):
                hidden_step[h] = rate * hidden_error[h]
                change = hidden_step[h] + momentum * changes[h]
                weights[h] += change
                changes[h] = change
                net[h] = weights[h]
            following = X[row + 1 if row + 1 < n_samples else 0]
            for i in range(n_inputs):
                xi = x[i]
                next_xi = following[i]
                weights = hidden[1 + i]
                changes = change_hidden[1 + i]
                for h in range(n_hidden):
                    change = hidden_step[h] * xi
                    change += momentum * changes[h]
                    weight = weights[h] + change
                    weights[h] = weight
                    changes[h] = change
                    net[h] += next_xi * weight
        if not math.isfinite(total):
            return False
    return True


@njit(cache=True, error_model="numpy")
def predict_proba(X, hidden, output):
    """The output units, normalised to sum to 1 (``distributionForInstance``)."""
    n_samples = X.shape[0]
    n_hidden = hidden.shape[1]
    n_outputs = output.shape[1]
    net = np.empty(n_hidden)
    out_hidden = np.empty(n_hidden)
    net_output = np.empty(n_outputs)
    out_output = np.empty(n_outputs)
    bits = np.empty(max(n_hidden, n_outputs), dtype=np.int64)
    proba = np.empty((n_samples, n_outputs))
    for row in range(n_samples):
        _hidden_net(X[row], hidden, net)
        _outputs(net, out_hidden, output, net_output, out_output, bits)
        total = 0.0
        for c in range(n_outputs):
            total += out_output[c]
        for c in range(n_outputs):
            proba[row, c] = out_output[c] / total if total > 0 else np.nan
    return proba
