# lit configuration for Strata: FileCheck tests over strata-opt, upstream
# mlir-opt (with Strata's IRDL file and pass plugin) and C API programs.
import os
import lit.formats

config.name = "Strata"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.strata_obj_root, "test")

# Tools: ours first, then LLVM's FileCheck/not/count.
path = os.pathsep.join([config.strata_tools_dir, config.strata_capi_dir,
                        config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
# The compile cache (runtime/compile_cache.h) of every test is one under the
# build tree, never the user's; tests of the cache itself use their own.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "xdg-cache")

config.substitutions.append(("%irdl", config.strata_irdl))
config.substitutions.append(("%plugin", os.path.join(config.strata_lib_dir, "StrataPlugin.so")))
config.substitutions.append(("%strata_src", config.strata_src_root))
config.substitutions.append(("%strata_obj", config.strata_obj_root))
# Upstream mlir-opt, named as the Debian package installs it.
config.substitutions.append(("mlir-opt-22", config.mlir_opt))

if config.strata_sanitize:
    config.available_features.add("asan")
    # intercept_tls_get_addr=0: GCC 12's sanitizer runtime takes a dynamic
    # TLS block for a glibc-2.19 one when a malloc'd block happens to sit at
    # tls_beg % 4096 == sizeof(that header), reads a bogus range from before
    # it, and LeakSanitizer's tracer dies at exit ("Tracer caught signal
    # 11", google/sanitizers#1322), depending only on heap and environment
    # layout (strata-run --entry dense_1x1 of e2e/ops/linalg.mlir hit it).
    # allocator_may_return_null=1: an allocation no host can satisfy (a
    # 2^62-byte tensor in huge-tensors.mlir) returns NULL, as without ASan,
    # so the tests see the tools' "cannot allocate" errors.
    config.environment["ASAN_OPTIONS"] = ("detect_leaks=1:abort_on_error=0:intercept_tls_get_addr=0"
                                          ":allocator_may_return_null=1")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
else:
    config.available_features.add("no-asan")

# Distributed tuning (docs/distributed-tuning.md): "mpi" when strata-tune
# was built with MPI and mpirun is installed; "postgresql" when the tuning
# database has libpq and the server's initdb/pg_ctl are installed (a test
# starts its own server). scripts/setup.sh installs both.
import glob
import shutil
if getattr(config, "strata_have_mpi", False) and shutil.which("mpirun"):
    config.available_features.add("mpi")
def _pg_bindir():
    if shutil.which("initdb") and shutil.which("pg_ctl"):
        return os.path.dirname(os.path.realpath(shutil.which("pg_ctl")))
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(d, "initdb")) and os.path.exists(os.path.join(d, "pg_ctl")):
            return d
    return None
_pg = _pg_bindir()
if getattr(config, "strata_have_libpq", False) and _pg:
    config.available_features.add("postgresql")
    config.environment["STRATA_PG_BINDIR"] = _pg
