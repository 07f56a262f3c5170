import Foundation
import Testing
@testable import NewsCore

/// A recipe's ingredients sit apart from its method (a box, a tab, a card): the scoring finds the
/// method's prose, and the blocks the page names as ingredients are read with it (issue 55).
@Suite("Article extraction: a recipe's ingredients")
struct IngredientListsTests {
    static func extract(_ body: String) throws -> ExtractedArticle {
        let page = "<html><head><title>Lemon cake</title></head><body>\(body)</body></html>"
        return try ArticleExtractor.extract(page: Data(page.utf8), url: URL(string: "https://bake.example/recipes/lemon-cake")!, contentType: "text/html")
            .get()
    }

    static let method = (1...5).map {
        "<p>Step \($0): beat the butter, sugar and eggs until pale, then fold in the flour, the zest and the juice, and bake it well.</p>"
    }.joined()
    static let menu = "<div class=\"nav\">" + (1...6).map { "<a href=\"/c\($0)\">Cakes \($0)</a> " }.joined() + "</div>"

    @Test func aBoxNamedIngredientsBesideTheMethodIsRead() throws {
        let items = ["300 g butter", "200 g sugar", "6 eggs", "350 g flour", "2 lemons"].map { "<div class=\"row\"><span>\($0)</span></div>" }.joined()
        let page =
            "\(Self.menu)<div class=\"layout\"><div class=\"col\"><div class=\"recipe-ingredients\"><h2>Ingredients</h2>\(items)</div></div>"
            + "<div class=\"col\"><div class=\"method\">\(Self.method)</div></div></div>"
        let article = try Self.extract(page)
        let text = article.text
        #expect(text.contains("6 eggs") && text.contains("2 lemons"), "\(text)")
        #expect(text.contains("Step 5: beat the butter"))
        let ingredients = try #require(text.range(of: "6 eggs")), method = try #require(text.range(of: "Step 1"))
        #expect(ingredients.lowerBound < method.lowerBound, "read in the page's order")
        #expect(!text.contains("Cakes 3"))
    }

    @Test func itemsMarkedAsIngredientsInAHiddenTabAreNotRead() throws {
        // schema.org's recipeIngredient items stand for their list; a hidden tab stays hidden.
        let shown = ["1 large chicken", "2 tablespoons oil"].map { "<li itemprop=\"recipeIngredient\">\($0)</li>" }.joined()
        let hidden = ["a cup of stock"].map { "<li itemprop=\"recipeIngredient\">\($0)</li>" }.joined()
        let page =
            "<div class=\"tabs\"><div id=\"tab-1\"><ul>\(shown)</ul></div><div id=\"tab-2\" style=\"display:none\"><ul>\(hidden)</ul></div></div>"
            + "<div class=\"x\"><div class=\"steps\">\(Self.method)</div></div>"
        let text = try Self.extract(page).text
        #expect(text.contains("1 large chicken") && text.contains("2 tablespoons oil"), "\(text)")
        #expect(!text.contains("a cup of stock"))
    }

    @Test func aPageWithoutIngredientsIsReadAsBefore() throws {
        let page = "\(Self.menu)<div class=\"story\">\(Self.method)</div><div class=\"ingredient-of-the-week\"></div>"
        let text = try Self.extract(page).text
        #expect(text.hasPrefix("Step 1"), "\(text)")
        #expect(!text.contains("Cakes"))
    }
}
