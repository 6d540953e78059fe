"""The onnx.proto messages the repository's hand-written ONNX model writers
build (examples/models/make_cnn_block.py, test/frontends/onnx/Inputs/
make_onnx.py and the generators that import it), over the wire primitives
of protobuf_wire.py: tensors and their types, attributes and nodes.

Field numbers: TensorProto dims 1, data_type 2, int32_data 5, name 8,
raw_data 9, uint64_data 11; ValueInfoProto name 1, type 2; TypeProto
tensor_type 1, sequence_type 4; Tensor elem_type 1, shape 2; dim
dim_value 1, dim_param 2; AttributeProto name 1, type 20 and the value
field of ATTRIBUTE_KINDS; NodeProto input 1, output 2, name 3, op_type 4,
attribute 5, domain 7."""
import functools
import struct

from protobuf_wire import f_bytes, f_float, f_int, varint

# TensorProto.DataType
FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, STRING, BOOL = 1, 2, 3, 4, 5, 6, 7, 8, 9
FLOAT16, UINT32, UINT64, COMPLEX64, BFLOAT16 = 10, 12, 13, 14, 16


def tensor_type(elem, dims):
    """A tensor TypeProto; a str dim is symbolic (dim_param)."""
    shape = b"".join(f_bytes(1, f_bytes(2, d) if isinstance(d, str) else f_int(1, d))
                     for d in dims)
    return f_bytes(1, f_int(1, elem) + f_bytes(2, shape))


def value_info(name, elem, dims):
    return f_bytes(1, name) + f_bytes(2, tensor_type(elem, dims))


def sequence_info(name, elem, dims):
    """A graph input/output holding a sequence of tensors (TypeProto field 4)."""
    return f_bytes(1, name) + f_bytes(2, f_bytes(4, f_bytes(1, tensor_type(elem, dims))))


def tensor(name, elem, dims, values, field=None):
    """values in raw_data, or in the repeated field `field` ("int32_data":
    int16/uint16, and float16/bfloat16 bit patterns; "uint64_data": uint32,
    uint64), packed."""
    body = b"".join(f_int(1, d) for d in dims) + f_int(2, elem) + f_bytes(8, name)
    if field:
        body += f_bytes({"int32_data": 5, "uint64_data": 11}[field],
                        b"".join(varint(v) for v in values))
    elif elem in (FLOAT16, BFLOAT16):  # bit patterns
        body += f_bytes(9, struct.pack("<%dH" % len(values), *values))
    elif elem == FLOAT:
        body += f_bytes(9, struct.pack("<%df" % len(values), *values))
    elif elem == INT64:
        body += f_bytes(9, struct.pack("<%dq" % len(values), *values))
    else:
        body += f_bytes(9, bytes(len(values) * 2))
    return body


# AttributeProto kinds: (type, value field, field encoder); a plural kind's
# value is a list, one field per element.
ATTRIBUTE_KINDS = {
    "float": (1, 2, f_float), "int": (2, 3, f_int), "string": (3, 4, f_bytes),
    "tensor": (4, 5, f_bytes), "floats": (6, 7, f_float), "ints": (7, 8, f_int),
    "strings": (8, 9, f_bytes),
}


def attr(kind, name, value):
    """An attribute of ATTRIBUTE_KINDS `kind` (a tensor's value: its bytes)."""
    type_, field, encode = ATTRIBUTE_KINDS[kind]
    values = value if kind.endswith("s") else [value]
    return f_bytes(1, name) + f_int(20, type_) + b"".join(encode(field, v) for v in values)


attr_float, attr_int, attr_str, attr_tensor, attr_floats, attr_ints, attr_strs = (
    functools.partial(attr, kind) for kind in ATTRIBUTE_KINDS)


def node(op, inputs, outputs, name="", attrs=(), domain=""):
    b = b"".join(f_bytes(1, i) for i in inputs) + b"".join(f_bytes(2, o) for o in outputs)
    if name:
        b += f_bytes(3, name)
    b += f_bytes(4, op) + b"".join(f_bytes(5, a) for a in attrs)
    if domain:
        b += f_bytes(7, domain)
    return b
