"""pytest tests of the strata Python package: ONNX backend node tests
(onnx 1.23.2's generated data, scripts/onnx_suite.sh) compiled and run from
numpy and compared with their reference outputs; MLIR text models; options;
export; and each error the package raises.

The node data folder is $STRATA_ONNX_NODE_DATA, else
<repo>/build/onnx-1.23.2/node (scripts/python_tests.sh makes sure it
exists)."""

import os
import pathlib

import numpy as np
import onnx
import onnx.numpy_helper
import pytest

import strata

ROOT = pathlib.Path(__file__).resolve().parents[2]
NODE = pathlib.Path(os.environ.get("STRATA_ONNX_NODE_DATA",
                                   ROOT / "build" / "onnx-1.23.2" / "node"))
MODELS = ROOT / "examples" / "models"

# Node tests whose inputs are all run-time values (none read at import
# time), over float, integer and bool inputs and outputs.
NODE_TESTS = [
    "test_add", "test_add_uint8", "test_relu", "test_sigmoid", "test_matmul_2d",
    "test_gemm_default_single_elem_vector_bias", "test_conv_with_strides_padding",
    "test_maxpool_2d_default", "test_averagepool_2d_default", "test_softmax_axis_1",
    "test_transpose_default", "test_concat_2d_axis_0", "test_where_example",
    "test_argmax_default_axis_example", "test_gather_0", "test_cast_FLOAT_to_DOUBLE",
    "test_batchnorm_example",
]


def read_pb(path):
    t = onnx.TensorProto()
    t.ParseFromString(path.read_bytes())
    return onnx.numpy_helper.to_array(t)


def node_data(name):
    folder = NODE / name
    assert folder.is_dir(), f"{folder}: no ONNX node test data (run scripts/onnx_suite.sh)"
    data = folder / "test_data_set_0"
    inputs = [read_pb(p) for p in sorted(data.glob("input_*.pb"))]
    outputs = [read_pb(p) for p in sorted(data.glob("output_*.pb"))]
    return folder / "model.onnx", inputs, outputs


@pytest.mark.parametrize("name", NODE_TESTS)
def test_node(name):
    path, inputs, expected = node_data(name)
    model = strata.compile(path, threads=1)
    assert len(model.inputs) == len(inputs)
    assert [o.name for o in model.outputs] == [
        o.name for o in onnx.load(str(path)).graph.output]
    results = model(*inputs)
    if len(expected) == 1:
        results = (results,)
    for got, want in zip(results, expected):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_inputs_by_name_and_info():
    path, inputs, expected = node_data("test_add")
    model = strata.compile(str(path))
    names = [t.name for t in model.inputs]
    assert names == ["x", "y"]
    assert model.inputs[0].dtype == np.float32 and model.inputs[0].shape == (3, 4, 5)
    np.testing.assert_allclose(model(x=inputs[0], y=inputs[1]), expected[0], rtol=1e-6)
    np.testing.assert_allclose(model(inputs[0], y=inputs[1]), expected[0], rtol=1e-6)
    assert "strata.Model" in repr(model)


def test_non_contiguous_input_is_copied():
    path, inputs, expected = node_data("test_relu")
    model = strata.compile(path)
    x = np.asfortranarray(inputs[0])
    assert not x.flags["C_CONTIGUOUS"]
    np.testing.assert_array_equal(model(x), expected[0])


MLIR_DYNAMIC = """
func.func @double(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "graph.add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
"""


def test_mlir_text_dynamic_batch():
    model = strata.compile(MLIR_DYNAMIC, opt_level=1)
    assert model.inputs[0].shape == (None, 4)
    for batch in (1, 5):
        x = np.arange(batch * 4, dtype=np.float32).reshape(batch, 4)
        np.testing.assert_array_equal(model(x), 2 * x)


@pytest.fixture(autouse=True)
def private_compile_cache(tmp_path_factory, monkeypatch):
    """Every test's compile cache is a temporary directory, never the user's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache"))


def test_compile_cache(tmp_path, monkeypatch):
    """cache=False neither reads nor writes the compile cache; the default
    writes it, and a second compile from it gives the same results."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    y = strata.compile(MLIR_DYNAMIC, cache=False)(x)
    assert not (tmp_path / "strata").exists()
    first = strata.compile(MLIR_DYNAMIC)
    assert not first.from_cache
    np.testing.assert_array_equal(first(x), y)
    assert any(p.suffix == ".o" for p in (tmp_path / "strata").iterdir())
    assert any(p.suffix == ".model" for p in (tmp_path / "strata").iterdir())
    second = strata.compile(MLIR_DYNAMIC)
    assert second.from_cache  # the whole model, mapped and linked
    np.testing.assert_array_equal(second(x), y)
    assert not strata.compile(MLIR_DYNAMIC, opt_level=2).from_cache


def test_mlir_file_and_export(tmp_path):
    model = strata.compile(MODELS / "mlp.mlir", threads=2)
    y = model(np.ones((1, 16), np.float32))
    assert y.shape == (1, 4) and np.isfinite(y).all()
    model.export(tmp_path / "mlp.so", tmp_path / "mlp.h")
    assert (tmp_path / "mlp.so").stat().st_size > 0
    assert "_mlir_ciface_mlp" in (tmp_path / "mlp.h").read_text()


def test_errors(tmp_path):
    with pytest.raises(strata.StrataError) as e:
        strata.compile(tmp_path / "missing.onnx")
    assert e.value.code == "NOT_FOUND" and "No such file" in str(e.value)
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(b"\xff\xff not a model")
    with pytest.raises(strata.StrataError) as e:
        strata.compile(bad)
    assert e.value.code == "IMPORT_FAILED" and "not an ONNX model" in str(e.value)
    with pytest.raises(strata.StrataError) as e:
        strata.compile(MLIR_DYNAMIC, entry="nope")
    assert e.value.code == "NOT_FOUND" and "public functions: double" in str(e.value)
    with pytest.raises(strata.StrataError) as e:
        strata.compile(MLIR_DYNAMIC, opt_level=9)
    assert e.value.code == "INVALID_ARGUMENT"
    with pytest.raises(strata.StrataError) as e:
        strata.compile(MODELS / "cnn_block.onnx", tuning_db=tmp_path / "no" / "t.db")
    assert e.value.code == "COMPILE_FAILED" and "cannot read tuning database" in str(e.value)


def test_run_errors():
    path, inputs, _ = node_data("test_add")
    model = strata.compile(path)
    with pytest.raises(strata.StrataError) as e:
        model(inputs[0][:2], inputs[1])
    assert str(e.value) == ("input 0 ('x') of 'test_add': expected f32 [3, 4, 5], "
                            "got f32 [2, 4, 5]")
    with pytest.raises(strata.StrataError, match="expected f32 \\[3, 4, 5\\], got f64"):
        model(inputs[0].astype(np.float64), inputs[1])
    with pytest.raises(TypeError, match="takes 2 input"):
        model(inputs[0])
    with pytest.raises(TypeError, match="unknown input name"):
        model(inputs[0], z=inputs[1])
    with pytest.raises(TypeError, match="no Strata element type"):
        model(inputs[0].astype(np.complex64), inputs[1])


MLIR_BF16_OUTPUT = """
func.func @to_bf16(%x: tensor<2xf32>) -> tensor<2xbf16> {
  %0 = "graph.cast"(%x) : (tensor<2xf32>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}
"""


def test_types_numpy_cannot_hold():
    model = strata.compile(MLIR_BF16_OUTPUT)
    assert model.outputs[0].dtype is None
    with pytest.raises(TypeError, match="output 'output0' has element type bf16"):
        model(np.zeros(2, np.float32))
    with pytest.raises(ValueError, match="rank 9"):
        strata.compile(MLIR_DYNAMIC)(np.zeros((1,) * 9, np.float32))


def test_library_not_found():
    import subprocess
    import sys
    env = dict(os.environ, STRATA_LIBRARY="/no/such/libstrata_model.so")
    r = subprocess.run([sys.executable, "-c", "import strata"], env=env,
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "cannot load libstrata_model (set STRATA_LIBRARY" in r.stderr


def test_profile_per_kernel():
    # The CNN block example (conv, batch norm, relu, pool): every kernel is
    # timed, slowest first, with shares summing to 1 and the conv's ONNX node
    # named; profiling does not change the results.
    path = MODELS / "cnn_block.onnx"
    plain = strata.compile(path, threads=1)
    x = np.random.default_rng(0).standard_normal(plain.inputs[0].shape).astype(np.float32)
    kernels = plain.profile(x, repeat=3)  # compiles a timed copy
    assert kernels and all(isinstance(k, strata.KernelTime) for k in kernels)
    assert [k.ms for k in kernels] == sorted((k.ms for k in kernels), reverse=True)
    assert abs(sum(k.share for k in kernels) - 1.0) < 1e-6
    assert all(k.calls >= 1 and k.ms >= 0 for k in kernels)
    assert any("(Conv)" in k.name for k in kernels)
    timed = strata.compile(path, threads=1, profile=True)
    np.testing.assert_allclose(timed(x), plain(x), rtol=1e-5, atol=1e-6)
    assert len(timed.profile(x, repeat=2)) == len(kernels)
    with pytest.raises(ValueError):
        timed.profile(x, repeat=0)
    with pytest.raises(strata.StrataError) as e:
        strata.compile(path, profile=True, pipeline="builtin.module(strata-graph-to-llvm)")
    assert e.value.code == "INVALID_ARGUMENT" and "profile" in str(e.value)


def test_tune_then_compile_with_records(tmp_path):
    # strata.tune writes records for 1 thread; a model compiled for 1 thread
    # applies them (no "no tuning record" warning) and computes what the
    # untuned one does; asking for 2 threads names the records' target.
    src = ROOT / "test" / "tuning" / "Inputs" / "matmuls.mlir"
    db = tmp_path / "tune.db"
    assert strata.tune(src, db, trials=4, threads=1, repeats=1, validate=0) == db
    assert db.stat().st_size > 0
    tuned = strata.compile(src, threads=1, tuning_db=db)
    assert "no tuning record" not in tuned.warnings
    plain = strata.compile(src, threads=1)
    rng = np.random.default_rng(1)
    args = [rng.standard_normal(t.shape).astype(np.float32) for t in plain.inputs]
    np.testing.assert_allclose(tuned(*args), plain(*args), rtol=1e-4, atol=1e-5)
    other = strata.compile(src, threads=2, tuning_db=db)
    assert "cores=1" in other.warnings
    with pytest.raises(strata.StrataError) as e:
        strata.tune(tmp_path / "missing.onnx", db, trials=1)
    assert "strata-tune exited" in str(e.value)
