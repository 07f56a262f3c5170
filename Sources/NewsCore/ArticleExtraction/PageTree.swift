/// A web page as a tree of elements and text, in one flat array in document order. Every node's
/// descendants are the nodes just after it (`subtreeEnd`), so a pass over a subtree is a loop over
/// a range and a pass from the leaves up is a loop backwards: nothing here recurses, however deep
/// the page nests.
struct PageTree {
    struct Node {
        /// The lowercased element name; empty for a text node.
        var name: String
        var parent: Int
        /// Just past the node's last descendant.
        var subtreeEnd: Int
        /// The element's attributes that extraction reads (`PageTreeBuilder.keptAttributes`),
        /// names lowercased, values decoded; for a text node, empty.
        var attributes: [(name: String, value: String)]
        /// A text node's text, references decoded (not yet sanitised); whitespace alone is one space.
        var text: String
        var depth: Int

        var isText: Bool { name.isEmpty }

        func value(_ attribute: String) -> String? {
            attributes.first { $0.name == attribute }?.value
        }
    }

    var nodes: [Node] = []
    /// The `<body>` element, or the root when the page has none.
    var body = 0
    /// True when the page had more nodes than `PageTreeBuilder.maxNodes`: the rest was not read.
    var truncated = false

    /// The children of `index`, in order.
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = nodes[index].subtreeEnd
        while child < end {
            result.append(child)
            child = nodes[child].subtreeEnd
        }
        return result
    }

    /// Whether `index` lies inside the subtree of `ancestor` (or is it).
    func isInside(_ index: Int, _ ancestor: Int) -> Bool {
        index >= ancestor && index < nodes[ancestor].subtreeEnd
    }

    /// The nearest common ancestor of two nodes.
    func commonAncestor(_ first: Int, _ second: Int) -> Int {
        var node = first
        while node > 0, !isInside(second, node) { node = nodes[node].parent }
        return node
    }
}
