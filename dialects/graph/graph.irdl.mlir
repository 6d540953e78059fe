// The graph dialect (placeholder: being written).
irdl.dialect @graph {
}
