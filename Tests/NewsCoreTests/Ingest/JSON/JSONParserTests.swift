import Foundation
import Testing
@testable import NewsCore

@Suite("JSONParser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func parse(bytes: [UInt8]) throws(JSONParser.SyntaxError) -> JSONValue {
        try JSONParser.parse(bytes)
    }

    private func syntaxError(_ text: String) -> JSONParser.SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Structure

    @Test func scalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("\"hi\"") == .string("hi"))
        #expect(try parse(" \t\r\n42 \n") == .number(42))
    }

    @Test func objectsAndArrays() throws {
        #expect(try parse("{}") == .object([:]))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{ \"a\" : 1 , \"b\" : [ true , null ] }") == .object(["a": .number(1), "b": .array([.bool(true), .null])]))
        #expect(try parse("[1,\"two\",{\"three\":3},[4]]") == .array([.number(1), .string("two"), .object(["three": .number(3)]), .array([.number(4)])]))
        #expect(try parse("{\"a\":1,\"a\":2}") == .object(["a": .number(2)]))  // the last duplicate wins
        #expect(try parse("{\"a\":1,\"b\":0,\"a\":2}")["a"] == .number(2))
        #expect(try parse("{\"z\":1,\"a\":2,\"m\":3}").object?.map(\.key) == ["z", "a", "m"])  // document order
        #expect(try parse("{\"a\":1,\"b\":2}") != .object(["a": .number(1)]))
    }

    @Test func nesting() throws {
        let value = try parse("{\"a\":{\"b\":{\"c\":[[[\"deep\"]]]}}}")
        #expect(value["a"]?["b"]?["c"] == .array([.array([.array([.string("deep")])])]))
        let deepest = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try parse(deepest) }
    }

    @Test func tooDeepIsRefusedNotACrash() {
        let error = syntaxError(String(repeating: "[", count: 10_000))
        #expect(error == JSONParser.SyntaxError(offset: JSONParser.maximumDepth, reason: "nested too deeply"))
        let objects = String(repeating: "{\"a\":", count: JSONParser.maximumDepth + 1) + "1" + String(repeating: "}", count: JSONParser.maximumDepth + 1)
        #expect(syntaxError(objects)?.reason == "nested too deeply")
        let justOver = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(syntaxError(justOver)?.reason == "nested too deeply")
    }

    // MARK: Numbers

    @Test(arguments: [
        ("0", 0.0), ("-0", 0.0), ("7", 7), ("-42", -42), ("3.25", 3.25), ("-0.5", -0.5), ("1e3", 1000), ("1E+3", 1000),
        ("25e-2", 0.25), ("-1.5e2", -150), ("123456789012345", 123_456_789_012_345),
        ("1234567890123456", 1_234_567_890_123_456), ("12345678901234567890", 1.2345678901234567e19),
        ("-9007199254740993", -9_007_199_254_740_992), ("0.1", 0.1), ("1.7976931348623157e308", .greatestFiniteMagnitude),
    ])
    func numbers(text: String, expected: Double) throws {
        #expect(try parse(text) == .number(expected))
    }

    @Test func integerAccessors() throws {
        #expect(try parse("1724913433").int == 1_724_913_433)
        #expect(try parse("2.5").int == nil)
        #expect(try parse("1e20").int == nil)
        #expect(try parse("\"7\"").int == nil)
        #expect(try parse("123").text == "123")
        #expect(try parse("2.5").text == "2.5")
    }

    @Test(arguments: ["-", "+1", ".5", "1.", "1.e3", "1e", "1e+", "--1", "0x10", "NaN", "Infinity", "-Infinity"])
    func invalidNumbers(_ text: String) {
        #expect(syntaxError(text) != nil)
    }

    // MARK: Strings

    @Test func escapes() throws {
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{08} \u{0C} \n \r \t"))
        #expect(try parse(#""\u0041\u00e9\u4E2D""#) == .string("Aé中"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try parse(#""plain then \n escape""#) == .string("plain then \n escape"))
    }

    @Test func surrogatePairs() throws {
        #expect(try parse(#""\uD83D\uDE80""#) == .string("🚀"))
        #expect(try parse(#""\ud83c\uddfa\ud83c\udde6""#) == .string("🇺🇦"))
        #expect(try parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try parse(#""\uD83D""#) == .string("\u{FFFD}"))
        #expect(try parse(#""a\uD83Db""#) == .string("a\u{FFFD}b"))
        #expect(try parse(#""\uDE80""#) == .string("\u{FFFD}"))
        #expect(try parse(#""\uD83D\u0041""#) == .string("\u{FFFD}A"))
        #expect(try parse(#""\uD83D\uD83D\uDE80""#) == .string("\u{FFFD}🚀"))
        #expect(try parse(#""\uDE80\uD83D""#) == .string("\u{FFFD}\u{FFFD}"))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let quote = UInt8(ascii: "\"")
        #expect(try parse(bytes: [quote, 0x61, 0xFF, 0x62, quote]) == .string("a\u{FFFD}b"))
        #expect(try parse(bytes: [quote, 0xC3, quote]) == .string("\u{FFFD}"))  // truncated sequence
        #expect(try parse(bytes: [quote, 0xED, 0xA0, 0x80, quote]) == .string("\u{FFFD}\u{FFFD}\u{FFFD}"))  // encoded surrogate
        #expect(try parse(bytes: [quote, 0x5C, 0x6E, 0xFE, quote]) == .string("\n\u{FFFD}"))  // on the escape path too
        #expect(try parse(bytes: [quote] + Array("é中🚀".utf8) + [quote]) == .string("é中🚀"))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try parse(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8)) == .object(["a": .number(1)]))
        #expect(try parse(bytes: [0xEF, 0xBB, 0xBF, 0x20, 0x5B, 0x5D]) == .array([]))
    }

    // MARK: Errors

    @Test func errors() {
        #expect(syntaxError("[1,2,]") == JSONParser.SyntaxError(offset: 5, reason: "unexpected character"))
        #expect(syntaxError("{\"a\":1,}") == JSONParser.SyntaxError(offset: 7, reason: "expected a member name"))
        #expect(syntaxError("\"open") == JSONParser.SyntaxError(offset: 5, reason: "unterminated string"))
        #expect(syntaxError("\"a\\nb") == JSONParser.SyntaxError(offset: 5, reason: "unterminated string"))
        #expect(syntaxError("\"a\nb\"") == JSONParser.SyntaxError(offset: 2, reason: "control character in a string"))
        #expect(syntaxError("\"a\\n\tb\"") == JSONParser.SyntaxError(offset: 4, reason: "control character in a string"))
        #expect(syntaxError("{} x") == JSONParser.SyntaxError(offset: 3, reason: "unexpected text after the document"))
        #expect(syntaxError("[1] [2]") == JSONParser.SyntaxError(offset: 4, reason: "unexpected text after the document"))
        #expect(syntaxError("") == JSONParser.SyntaxError(offset: 0, reason: "unexpected end of document"))
        #expect(syntaxError("   ") == JSONParser.SyntaxError(offset: 3, reason: "unexpected end of document"))
        #expect(syntaxError("[1,2") == JSONParser.SyntaxError(offset: 4, reason: "unexpected end of document"))
        #expect(syntaxError("{\"a\" 1}") == JSONParser.SyntaxError(offset: 5, reason: "expected ':'"))
        #expect(syntaxError("{\"a\":1 \"b\":2}") == JSONParser.SyntaxError(offset: 7, reason: "expected ',' or '}'"))
        #expect(syntaxError("[1 2]") == JSONParser.SyntaxError(offset: 3, reason: "expected ',' or ']'"))
        #expect(syntaxError("{a:1}") == JSONParser.SyntaxError(offset: 1, reason: "expected a member name"))
        #expect(syntaxError("\"\\x\"") == JSONParser.SyntaxError(offset: 3, reason: "invalid escape"))
        #expect(syntaxError("\"\\u12G4\"") == JSONParser.SyntaxError(offset: 5, reason: "invalid \\u escape"))
        #expect(syntaxError("\"\\u12") == JSONParser.SyntaxError(offset: 3, reason: "unexpected end of document"))
        #expect(syntaxError("tru") == JSONParser.SyntaxError(offset: 0, reason: "unexpected end of document"))
        #expect(syntaxError("nul!") == JSONParser.SyntaxError(offset: 0, reason: "unexpected character"))
        #expect(syntaxError("truex") == JSONParser.SyntaxError(offset: 4, reason: "unexpected text after the document"))
        #expect(syntaxError("'a'") == JSONParser.SyntaxError(offset: 0, reason: "unexpected character"))
    }

    @Test(.bug(id: "json-leading-zeros", "JSONParser accepts numbers with leading zeros, which RFC 8259 forbids"))
    func leadingZerosAreRefused() {
        #expect(syntaxError("01") != nil)
        #expect(syntaxError("[-012]") != nil)
        #expect(syntaxError("00.5") != nil)
    }

    // MARK: Against JSONSerialization

    @Test(arguments: [
        #"{"status":"ok","totalResults":2,"articles":[{"source":{"id":null,"name":"BBC News"},"title":"A \"quoted\" title","publishedAt":"2024-08-29T06:37:13Z"},{"source":{"id":"x","name":"Y"},"title":"Ünïcødé 中文 🚀","flags":[true,false]}]}"#,
        #"[0,-1,2.5,-3.75e-3,1e10,123456789012345,9007199254740992,"",{},[]]"#,
        #"{"escapes":"\u00e9\n\t\\\/\"","pair":"\ud83d\ude80","nested":{"a":{"b":{"c":[1,[2,[3]]]}}}}"#,
        #"  [ "spaces" , { "k" : null } ]  "#,
    ])
    func agreesWithJSONSerialization(document: String) throws {
        let data = Data(document.utf8)
        let ours = try JSONParser.parse(data)
        let theirs = Self.jsonValue(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        #expect(ours == theirs)
    }

    /// JSONSerialization's `Any` as a `JSONValue`.
    static func jsonValue(_ any: Any) -> JSONValue? {
        switch any {
        case is NSNull: return .null
        case let string as String: return .string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let value = jsonValue(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case let dictionary as [String: Any]:
            var members: [JSONObject.Member] = []
            for (key, element) in dictionary {
                guard let value = jsonValue(element) else { return nil }
                members.append((key: key, value: value))
            }
            return .object(JSONObject(members: members))
        default: return nil
        }
    }
}
