"""Strata from Python: compile a model (ONNX or MLIR) with Strata's JIT and
call it with numpy arrays.

    import strata, numpy as np
    model = strata.compile("model.onnx", threads=2)
    y = model(np.ones(model.inputs[0].shape, np.float32))

See python/README.md; the C model API underneath is include/strata/model.h."""

from ._model import KernelTime, Model, StrataError, TensorInfo, compile
from ._tune import tune

__version__ = "0.1.0"
__all__ = ["compile", "tune", "Model", "StrataError", "TensorInfo", "KernelTime"]
