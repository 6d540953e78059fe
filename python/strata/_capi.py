"""ctypes declarations of Strata's model API (include/strata/model.h) and
the loading of libstrata_model.

The library is looked up in this order: the STRATA_LIBRARY environment
variable (a path to libstrata_model.so, e.g. a build tree's
build/lib/libstrata_model.so), the copy `pip install ./python` put next to
this package (strata/lib/), then the system's loader (an installed Strata
on LD_LIBRARY_PATH or in a standard directory)."""

import ctypes
import os

MAX_RANK = 8  # STRATA_MAX_RANK (include/strata/dtype.h)


class Options(ctypes.Structure):
    """strata_model_options_t"""
    _fields_ = [
        ("entry", ctypes.c_char_p),
        ("threads", ctypes.c_int),
        ("opt_level", ctypes.c_int),
        ("tuning_db", ctypes.c_char_p),
        ("target", ctypes.c_char_p),
        ("pipeline", ctypes.c_char_p),
        ("profile", ctypes.c_int),
        ("no_cache", ctypes.c_int),
    ]


class TensorInfo(ctypes.Structure):
    """strata_tensor_info_t"""
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("dtype", ctypes.c_int),
        ("rank", ctypes.c_int),
        ("shape", ctypes.c_int64 * MAX_RANK),
    ]


class TensorView(ctypes.Structure):
    """strata_tensor_view_t"""
    _fields_ = [
        ("dtype", ctypes.c_int),
        ("rank", ctypes.c_int),
        ("shape", ctypes.c_int64 * MAX_RANK),
        ("data", ctypes.c_void_p),
    ]


def _candidates():
    env = os.environ.get("STRATA_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("libstrata_model.so.0", "libstrata_model.so"):
        path = os.path.join(here, "lib", name)
        if os.path.exists(path):
            yield path
    yield "libstrata_model.so.0"


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(str(e))
    raise ImportError(
        "strata: cannot load libstrata_model (set STRATA_LIBRARY to its path, or "
        "`pip install ./python` from a Strata checkout): " + "; ".join(errors))


lib = _load()

_status = ctypes.c_void_p
_model = ctypes.c_void_p


def _declare(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_declare("strata_status_code", ctypes.c_int, _status)
_declare("strata_status_message", ctypes.c_char_p, _status)
_declare("strata_status_code_name", ctypes.c_char_p, ctypes.c_int)
_declare("strata_status_free", None, _status)
_declare("strata_model_options_init", None, ctypes.POINTER(Options))
_declare("strata_model_import", _status, ctypes.c_char_p, ctypes.POINTER(Options),
         ctypes.POINTER(_model))
_declare("strata_model_import_mlir", _status, ctypes.c_char_p, ctypes.c_size_t,
         ctypes.c_char_p, ctypes.POINTER(Options), ctypes.POINTER(_model))
_declare("strata_model_compile", _status, _model, ctypes.POINTER(Options))
_declare("strata_model_load", _status, ctypes.c_char_p, ctypes.POINTER(Options),
         ctypes.POINTER(_model))
_declare("strata_model_export", _status, _model, ctypes.c_char_p, ctypes.c_char_p)
_declare("strata_model_destroy", None, _model)
_declare("strata_model_warnings", ctypes.c_char_p, _model)
_declare("strata_model_entry", ctypes.c_char_p, _model)
_declare("strata_model_compiled_from_cache", ctypes.c_int, _model)
_declare("strata_model_num_inputs", ctypes.c_int, _model)
_declare("strata_model_num_outputs", ctypes.c_int, _model)
_declare("strata_model_input_info", _status, _model, ctypes.c_int, ctypes.POINTER(TensorInfo))
_declare("strata_model_output_info", _status, _model, ctypes.c_int, ctypes.POINTER(TensorInfo))
_declare("strata_model_output_shapes", _status, _model, ctypes.POINTER(TensorView), ctypes.c_int,
         ctypes.POINTER(TensorView), ctypes.c_int)
_declare("strata_model_run", _status, _model, ctypes.POINTER(TensorView), ctypes.c_int,
         ctypes.POINTER(TensorView), ctypes.c_int)
_declare("strata_dtype_name", ctypes.c_char_p, ctypes.c_int)
_declare("strata_model_num_kernels", ctypes.c_int, _model)
_declare("strata_model_kernel_name", ctypes.c_char_p, _model, ctypes.c_int)
_declare("strata_model_kernel_time", _status, _model, ctypes.c_int,
         ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_int64))
_declare("strata_model_profile_reset", None, _model)
