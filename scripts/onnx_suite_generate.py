"""Writes the node tests of the installed onnx package in the backend-test
layout (<out>/node/test_x/model.onnx, test_data_set_0/input_K.pb,
output_K.pb), for scripts/onnx_suite.sh.

onnx's own `backend-test-tools generate-data` (onnx/backend/test/cmd_tools.py)
writes only the model cases; its writer is reused here with the node cases
(onnx.backend.test.case.node.collect_testcases) handed to it instead.

usage: python onnx_suite_generate.py <out>
"""
import argparse
import sys
import warnings

import onnx.backend.test.case.node as node_test
import onnx.backend.test.cmd_tools as cmd_tools


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    warnings.simplefilter("ignore")
    cmd_tools.model_test.collect_testcases = node_test.collect_testcases
    cmd_tools.generate_data(argparse.Namespace(output=sys.argv[1]))


if __name__ == "__main__":
    main()
