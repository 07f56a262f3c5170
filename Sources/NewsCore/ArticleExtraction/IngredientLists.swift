/// A recipe's ingredients, which recipe pages set apart from the method (a box beside it, a tab,
/// a card of its own), so that the scoring, which finds the method's prose, leaves them out: the
/// blocks the page names as ingredients (`class="recipe-ingredients"`, an element of
/// `itemprop="recipeIngredient"` items) outside the chosen elements are read with them, in
/// document order. One pass over the page.
enum IngredientLists {
    /// At most this many blocks are added (a recipe in parts has a list for each).
    static let maxBlocks = 4
    /// A block holding more text than this is a page's layout, not a list of ingredients.
    static let maxText: Int32 = 3_000

    /// The page's ingredient blocks that lie outside `roots`, in document order. They are read
    /// whole: a list's rows are short lines the cleaning would drop as such.
    static func blocks(outside roots: [Int], _ measures: PageMeasures) -> [Int] {
        guard !roots.isEmpty else { return [] }
        let nodes = measures.tree.nodes
        var blocks: [Int] = []
        var index = measures.tree.body + 1
        while index < nodes.count, blocks.count < maxBlocks {
            let node = nodes[index]
            if node.isText || measures.excluded[index] {
                index = node.isText ? index + 1 : node.subtreeEnd
                continue
            }
            if roots.contains(where: { measures.tree.isInside(index, $0) }) {
                index = node.subtreeEnd
                continue
            }
            let block: Int
            if isItem(node), node.parent > measures.tree.body {
                block = node.parent  // an ingredient item stands for its list
            } else if namesIngredients(node) {
                block = index
            } else {
                index += 1
                continue
            }
            // A block holding the chosen elements is the recipe around them: what it holds is looked at instead.
            if roots.contains(where: { measures.tree.isInside($0, block) }) {
                index += 1
                continue
            }
            if measures.text[block] >= 20, measures.text[block] <= maxText, measures.linkDensity(block) < 0.5 {
                blocks.append(block)
            }
            index = nodes[block].subtreeEnd
        }
        return blocks
    }

    /// An ingredient marked as such (schema.org's `recipeIngredient`, or the older `ingredients`).
    private static func isItem(_ node: PageTree.Node) -> Bool {
        guard let property = node.value("itemprop") else { return false }
        return property.utf8.count < 40 && ["recipeingredient", "ingredients"].contains(property.lowercased())
    }

    /// Whether the element's class or id names ingredients (`recipe-ingredients`, `ERSIngredients`).
    private static func namesIngredients(_ node: PageTree.Node) -> Bool {
        for attribute in ["class", "id"] {
            guard let value = node.value(attribute), value.utf8.count < 300 else { continue }
            if value.contains("ngredient") { return true }
        }
        return false
    }
}
