"""strata.compile and strata.Model: a compiled model called with numpy
arrays, over the C model API (include/strata/model.h) through ctypes.

Inputs already of the model's element type and C-contiguous are passed
without a copy; outputs are numpy arrays allocated here and written by the
compiled code in place."""

import ctypes
import os
from collections import namedtuple

import numpy as np

from . import _capi

# strata_dtype_t values (include/strata/dtype.h) with a numpy equivalent.
# f16 is IEEE binary16 in both; bf16, strings and the 8/4/2-bit types have
# none and are refused.
_DTYPES = {
    0: np.float32, 1: np.float64, 2: np.int8, 3: np.int32, 4: np.int64, 5: np.uint8,
    6: np.bool_, 7: np.int16, 8: np.uint16, 9: np.uint32, 10: np.uint64, 11: np.float16,
}

TensorInfo = namedtuple("TensorInfo", "name dtype shape")
TensorInfo.__doc__ = ("An input or output: its name, numpy dtype (None when numpy has "
                      "none) and shape (None for a dynamic extent).")


class StrataError(RuntimeError):
    """A failed Strata call: .code is the status name ("INVALID_ARGUMENT",
    "NOT_FOUND", "IMPORT_FAILED", "COMPILE_FAILED", ...), str() the message."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _check(status):
    if not status:
        return
    code = _capi.lib.strata_status_code(status)
    name = _capi.lib.strata_status_code_name(code).decode()
    message = _capi.lib.strata_status_message(status).decode(errors="replace")
    _capi.lib.strata_status_free(status)
    raise StrataError(name, message)


def _bytes(s):
    return None if s is None else os.fsencode(s) if not isinstance(s, bytes) else s


KernelTime = namedtuple("KernelTime", "name ms share calls")
KernelTime.__doc__ = ("One kernel (fused group) of a profile: its name (kernel, ONNX node "
                      "and operator), median milliseconds per run, share of the sum of "
                      "the medians (0-1) and calls per run.")


def _options(threads, opt_level, tuning_db, target, entry, pipeline, profile=False,
             cache=True):
    o = _capi.Options()
    _capi.lib.strata_model_options_init(ctypes.byref(o))
    o.threads = int(threads or 0)
    o.opt_level = int(opt_level)
    o.tuning_db = _bytes(tuning_db)
    o.target = _bytes(target)
    o.entry = _bytes(entry)
    o.pipeline = _bytes(pipeline)
    o.profile = 1 if profile else 0
    o.no_cache = 0 if cache else 1
    return o


def _info(model, i, getter):
    t = _capi.TensorInfo()
    _check(getter(model, i, ctypes.byref(t)))
    dtype = _DTYPES.get(t.dtype)
    shape = tuple(None if t.shape[d] < 0 else int(t.shape[d]) for d in range(t.rank))
    return TensorInfo(t.name.decode(), np.dtype(dtype) if dtype else None, shape)


def _code_of(dtype):
    for code, d in _DTYPES.items():
        if np.dtype(d) == dtype:
            return code
    return None


class Model:
    """A compiled model: call it with one numpy array per input (positional,
    or by input name) and get the output (several: a tuple). .inputs and
    .outputs describe them; .export() writes a shared library."""

    def __init__(self, handle, options, source=None):
        self._handle = handle
        self._options = options  # keeps the option strings alive
        self._source = source    # what compile() was given, for .profile()
        self._profiled = None
        n_in = _capi.lib.strata_model_num_inputs(handle)
        n_out = _capi.lib.strata_model_num_outputs(handle)
        self.inputs = [_info(handle, i, _capi.lib.strata_model_input_info) for i in range(n_in)]
        self.outputs = [_info(handle, i, _capi.lib.strata_model_output_info)
                        for i in range(n_out)]
        self.entry = _capi.lib.strata_model_entry(handle).decode()

    @property
    def from_cache(self):
        """True when compile() took the whole compiled model from the compile
        cache (same bytes and options compiled before on this host)."""
        return bool(_capi.lib.strata_model_compiled_from_cache(self._handle))

    @property
    def warnings(self):
        """Warnings of the compile (e.g. kernels without a tuning record)."""
        return _capi.lib.strata_model_warnings(self._handle).decode()

    def _input_arrays(self, args, kwargs):
        if kwargs:
            names = [t.name for t in self.inputs]
            unknown = sorted(set(kwargs) - set(names))
            if unknown:
                raise TypeError(f"unknown input name(s) {unknown}; the inputs are {names}")
            args = list(args) + [kwargs[n] for n in names[len(args):] if n in kwargs]
        if len(args) != len(self.inputs):
            raise TypeError(f"'{self.entry}' takes {len(self.inputs)} input(s), "
                            f"got {len(args)}")
        arrays = []
        for info, a in zip(self.inputs, args):
            if not isinstance(a, np.ndarray):
                a = np.asarray(a, dtype=info.dtype)
            arrays.append(np.ascontiguousarray(a))
        return arrays

    def _views(self, arrays, names):
        views = (_capi.TensorView * max(1, len(arrays)))()
        for v, a, name in zip(views, arrays, names):
            code = _code_of(a.dtype)
            if code is None:
                raise TypeError(f"input '{name}': numpy dtype {a.dtype} has no Strata "
                                "element type")
            if a.ndim > _capi.MAX_RANK:
                raise ValueError(f"input '{name}' has rank {a.ndim}; at most "
                                 f"{_capi.MAX_RANK} is supported")
            v.dtype, v.rank = code, a.ndim
            for d, n in enumerate(a.shape):
                v.shape[d] = n
            v.data = a.ctypes.data
        return views

    def __call__(self, *args, **kwargs):
        arrays = self._input_arrays(args, kwargs)
        ins = self._views(arrays, [t.name for t in self.inputs])
        n_out = len(self.outputs)
        outs = (_capi.TensorView * max(1, n_out))()
        _check(_capi.lib.strata_model_output_shapes(self._handle, ins, len(arrays), outs, n_out))
        results = []
        for v, info in zip(outs, self.outputs):
            if info.dtype is None:
                raise TypeError(f"output '{info.name}' has element type "
                                f"{_capi.lib.strata_dtype_name(v.dtype).decode()}, which "
                                "numpy cannot hold")
            r = np.empty(tuple(v.shape[d] for d in range(v.rank)), dtype=info.dtype)
            v.data = r.ctypes.data
            results.append(r)
        _check(_capi.lib.strata_model_run(self._handle, ins, len(arrays), outs, n_out))
        return results[0] if n_out == 1 else tuple(results)

    def profile(self, *args, repeat=10, **kwargs):
        """Runs the model `repeat` times (after one warm-up run) on these
        inputs with each kernel timed, as `strata-run --profile` does, and
        returns the kernels slowest first as KernelTime(name, ms, share,
        calls). A model compiled without profile=True compiles a timed copy
        of itself the first time (same options)."""
        if repeat < 1:
            raise ValueError(f"repeat is {repeat}; expected 1 or more")
        timed = self if _capi.lib.strata_model_num_kernels(self._handle) else self._profiled_copy()
        timed(*args, **kwargs)  # warm-up
        lib, h = _capi.lib, timed._handle
        n = lib.strata_model_num_kernels(h)
        samples = np.zeros((repeat, n))
        calls = np.zeros(n, dtype=np.int64)
        seconds, count = ctypes.c_double(), ctypes.c_int64()
        for r in range(repeat):
            lib.strata_model_profile_reset(h)
            timed(*args, **kwargs)
            for i in range(n):
                _check(lib.strata_model_kernel_time(h, i, ctypes.byref(seconds),
                                                    ctypes.byref(count)))
                samples[r, i], calls[i] = seconds.value, count.value
        medians = np.median(samples, axis=0) * 1e3
        total = float(medians.sum())
        kernels = [KernelTime(lib.strata_model_kernel_name(h, i).decode(), float(medians[i]),
                              float(medians[i]) / total if total > 0 else 0.0, int(calls[i]))
                   for i in range(n)]
        return sorted(kernels, key=lambda k: -k.ms)

    def _profiled_copy(self):
        if self._profiled is None:
            if self._source is None:
                raise StrataError("FAILED_PRECONDITION", "this model cannot be recompiled "
                                  "with timers: compile it with profile=True")
            o = self._options
            self._profiled = compile(self._source, threads=o.threads, opt_level=o.opt_level,
                                     tuning_db=o.tuning_db, target=o.target, entry=o.entry,
                                     pipeline=o.pipeline, profile=True)
        return self._profiled

    def export(self, path, header=None):
        """Writes the compiled model as a shared library (or an object file,
        for a path ending in .o) and, if given, a C header."""
        _check(_capi.lib.strata_model_export(self._handle, _bytes(path), _bytes(header)))

    def __del__(self):
        handle, self._handle = getattr(self, "_handle", None), None
        if handle and _capi is not None and _capi.lib is not None:
            _capi.lib.strata_model_destroy(handle)

    def __repr__(self):
        def fmt(ts):
            return ", ".join(f"{t.name}: {t.dtype}{list(t.shape)}" for t in ts)
        return f"<strata.Model {self.entry}({fmt(self.inputs)}) -> ({fmt(self.outputs)})>"


def compile(model, threads=0, tuning_db=None, target=None, opt_level=3, entry=None,
            pipeline=None, profile=False, cache=True):
    """Imports and JIT-compiles `model`, a path to an .onnx file or to MLIR
    text (any Strata stage), or MLIR text itself (a str containing
    "func.func"). Returns a Model. Options as strata_model_options_t:
    threads (OpenMP threads; 0: all cores), tuning_db (records of
    strata-tune), target (the records' target; default this host with
    cores=threads), opt_level (LLVM, 0-3), entry (the function), pipeline
    (a lowering pipeline replacing the default), profile (time each kernel,
    for Model.profile), cache (False: compile every kernel, neither read nor
    write the compile cache)."""
    options = _options(threads, opt_level, tuning_db, target, entry, pipeline, profile, cache)
    handle = ctypes.c_void_p()
    if isinstance(model, str) and "func.func" in model:
        text = model.encode()
        _check(_capi.lib.strata_model_import_mlir(text, len(text), b"<string>",
                                                  ctypes.byref(options), ctypes.byref(handle)))
    else:
        # One call: a model in the whole-model cache is linked without importing it.
        _check(_capi.lib.strata_model_load(_bytes(os.fspath(model)), ctypes.byref(options),
                                           ctypes.byref(handle)))
        return Model(handle, options, model)
    try:
        _check(_capi.lib.strata_model_compile(handle, ctypes.byref(options)))
    except StrataError:
        _capi.lib.strata_model_destroy(handle)
        raise
    return Model(handle, options, model)
