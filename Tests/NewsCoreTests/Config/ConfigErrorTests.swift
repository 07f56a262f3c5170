import Foundation
import Testing
@testable import NewsCore
import TestSupport

@Suite("Config errors")
struct ConfigErrorTests {
    @Test func messageReadsFileLineReason() {
        let error = ConfigFixture.error("# colours\n\ncolour = red")
        #expect(error?.message == #"~/.config/headlines/config:3: unknown setting "colour"."#)
        #expect(error?.line == 3)
    }

    @Test func aNearMissIsSuggested() {
        #expect(ConfigFixture.error("max-conections = 4")?.reason == #"unknown setting "max-conections" (did you mean "max-connections"?)"#)
    }

    /// (text, line of the error, a part of its reason)
    static let lineCases: [(String, Int, String)] = [
        ("timeout = 10\nfoo = bar", 2, #"unknown setting "foo""#),
        ("timeout = ten", 1, #"timeout takes a whole number of seconds from 1 to 3600, not "ten""#),
        ("timeout = 0", 1, "from 1 to 3600"),
        ("timeout = -5", 1, "from 1 to 3600"),
        ("timeout = 99999999999999999999999", 1, "from 1 to 3600"),
        ("max-connections = 65", 1, "from 1 to 64"),
        ("max-per-host = 2.5", 1, "from 1 to 16"),
        ("keep-days = 0", 1, "keep-days takes"),
        ("text-width = 10", 1, "text-width takes a whole number of columns from 20 to 1000"),
        ("refresh-minutes = never", 1, "(or off)"),
        ("max-image-size = 5000", 1, "from 1 to 4096"),
        ("sort = newest", 1, #"sort is one of date, date-asc, title, source, not "newest""#),
        ("show-read = maybe", 1, #"show-read is yes or no, not "maybe""#),
        ("log-level = verbose", 1, #"log-level is one of error, info or debug, not "verbose""#),
        ("newsapi-url = ftp://x.example", 1, "is not an http or https URL"),
        ("newsapi-key = has space", 1, "printable ASCII with no spaces"),
        ("timeout =", 1, "timeout has no value"),
        ("timeout = \"5", 1, "a quoted string has no closing quote"),
        ("timeout = \"5\" 6", 1, "unexpected text after the closing quote"),
        ("log = \"a\\qb\"", 1, #"unknown escape "\q""#),
        ("just some words", 1, "expected a setting (name = value)"),
        ("bad name = 1", 1, #""bad name" is not a setting name"#),
        ("[source \"A\"", 1, "a section header ends with ]"),
        ("[feed \"A\"]", 1, "unknown section"),
        ("[source]", 1, #"a source section is written [source "Name"]"#),
        ("[source \"\"]", 1, "a source needs a name"),
        ("[source \"A\"]\nurl = https://a.example/\n[source \"A\"]\nurl = https://b.example/", 3, #"duplicate source name "A" (first on line 1)"#),
        ("[source \"A\"]\ngroup = x", 1, #"source "A" has neither url nor newsapi"#),
        ("[source \"A\"]\nurl = https://a.example/\n\nnewsapi = everything", 4, "has both url and newsapi"),
        ("[source \"A\"]\nnewsapi = everything\nurl = https://a.example/\n[source \"B\"]", 3, "has both url and newsapi"),
        ("[source \"A\"]\nurl = https://a.example/\nurl = https://b.example/", 3, "url is given twice"),
        ("[source \"A\"]\nurl = ftp://a.example/x", 2, #"unsupported URL scheme "ftp": use http, https, file or a path"#),
        ("[source \"A\"]\nurl = javascript:alert(1)", 2, #"unsupported URL scheme "javascript""#),
        ("[source \"A\"]\nurl = example.com/rss", 2, "is neither a URL nor a path"),
        ("[source \"A\"]\nurl = https://", 2, "is not a valid https URL"),
        ("[source \"A\"]\nurl = file://server/share/x", 2, "is not a valid file URL"),
        ("[source \"A\"]\nurl = ~bob/feed.xml", 2, "only ~/ (your own home folder) is understood"),
        ("[source \"A\"]\nurl = https://a.example/\ntimeout = 5", 3, #""timeout" is a global setting: move it above the first [source] section"#),
        ("[source \"A\"]\nurl = https://a.example/\ncolour = red", 3, #"unknown source setting "colour""#),
        ("[source \"A\"]\nnewsapi = sometimes", 2, #"newsapi is top-headlines or everything, not "sometimes""#),
        ("[source \"A\"]\nnewsapi = everything", 2, "newsapi = everything needs a query"),
        ("[source \"A\"]\nnewsapi = everything\nquery = x\ncountry = us", 4, "takes a query only"),
        ("[source \"A\"]\nnewsapi = top-headlines\ncountry = usa", 3, "country is a two-letter code"),
        ("[source \"A\"]\nnewsapi = top-headlines\ncategory = weather", 3, #"category is one of business"#),
        ("[source \"A\"]\nurl = https://a.example/\ncountry = us", 3, "go with newsapi, not with url"),
        ("[source \"A\"]\nurl = https://a.example/\nsite = /local", 3, "is not an http or https URL"),
        ("bind x", 1, "bind takes a key and an action"),
        ("bind x quit now", 1, "bind takes a key and an action"),
        ("unbind", 1, "unbind takes one key"),
        ("bind x explode", 1, #"unknown action "explode" (actions: down, help, open-in-browser"#),
        ("bind x qiut", 1, #"unknown action "qiut" (did you mean "quit"?)"#),
        ("bind F13 quit", 1, #"unknown key "F13""#),
        ("unbind Ctrl-", 1, "Ctrl- goes with one letter"),
        ("bind Ctrl-M quit", 1, "reaches Headlines as Enter: bind Enter instead"),
        ("timeout = 5\n[source \"A\u{1B}[31m\"]", 2, "the line holds the control character U+001B"),
        ("[source \"A\"]\nurl = https://a.example/\u{9B}2J", 3 - 1, "the control character U+009B"),
        ("log = \"a\\nb\"", 1, "the path holds a control character"),
        ("[source \"A\"]\nurl = \"https://a.example/\\t\"", 2, "is not a valid URL: it holds a control character"),
    ]

    @Test(arguments: lineCases)
    func eachErrorNamesItsLine(text: String, line: Int, reason: String) {
        let error = ConfigFixture.error(text)
        #expect(error?.line == line, "\(text)")
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "no error") should contain \(reason)")
        #expect(error?.file == "~/.config/headlines/config")
    }

    /// Every message, with a line or about the whole file, is one sentence ending in a full stop,
    /// and repeats no control character (of the text, or of the file's name).
    @Test func everyMessageIsOneCleanSentence() throws {
        var messages = Self.lineCases.compactMap { ConfigFixture.error($0.0)?.message }
        #expect(messages.count == Self.lineCases.count)
        let folder = try TemporaryFolder("config-errors")
        let evil = "conf\u{1B}]52;c;aGk=\u{07}\u{9B}2J"
        let cases: [(name: String, bytes: [UInt8]?, mode: Int)] = [
            (evil + "-absent", nil, 0o600),
            (evil + "-binary", [0x74, 0x3D, 0xFF, 0xFE], 0o600),
            (evil + "-huge", [UInt8](repeating: 0x23, count: ConfigFile.maxSize + 1), 0o600),
            (evil + "-key", Array("newsapi-key = abcdef0123456789\n".utf8), 0o644),
            (evil + "-line", Array("colour\u{1B}[2J = red\n".utf8), 0o600),
        ]
        for (name, bytes, mode) in cases {
            let url = folder.file(name)
            if let bytes {
                try Data(bytes).write(to: url)
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
            }
            do {
                _ = try ConfigFile.load(url, mustExist: true, environment: [:], knownActions: ConfigFixture.actions)
                Issue.record("\(name) loaded")
            } catch {
                messages.append(error.message)
            }
        }
        do {
            _ = try ConfigFile.load(folder.url, mustExist: true, environment: [:], knownActions: ConfigFixture.actions)
        } catch {
            messages.append(error.message)
        }
        #expect(messages.count == Self.lineCases.count + cases.count + 1)
        for message in messages {
            #expect(message.hasSuffix("."), "\(message)")
            #expect(!message.hasSuffix(".."), "\(message)")
            let controls = message.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "\(message.debugDescription)")
        }
    }

    /// A mistyped secret's line is named by its line and problem, never quoted back (issue 28).
    @Test(arguments: [
        "[server \"S\"]\nkind = fever\nurl = https://s.example/\nuser = me\npassword s3cr3t-xyz",
        "[server \"S\"]\nkind = fever\nurl = https://s.example/\nuser = me\npassword: s3cr3t-xyz",
        "[server \"S\"]\nkind = fever\nurl = https://s.example/\nuser = me\npassword-command: pass show s3cr3t-xyz",
        "[server \"S\"]\nkind = fever\nurl = https://s.example/\nuser = me\npassword s3cr3t-xyz = x",
        "newsapi-key s3cr3t-xyz",
        "api_key: s3cr3t-xyz",
        "Fever-Key s3cr3t-xyz",
        "token s3cr3t-xyz",
    ])
    func aSecretLineIsNeverQuoted(text: String) throws {
        let error = try #require(ConfigFixture.error(text))
        #expect(error.line == text.split(separator: "\n").count)
        #expect(!error.message.contains("s3cr3t"), "\(error.message)")
        #expect(error.reason.contains("not shown"), "\(error.message)")
    }

    @Test func valuesQuotedInMessagesAreSanitised() throws {
        let error = try #require(ConfigFixture.error("colour\u{1B}]0;owned\u{07} = red"))
        #expect(!error.message.contains("\u{1B}"))
        let long = try #require(ConfigFixture.error("timeout = " + String(repeating: "9x", count: 500)))
        #expect(long.message.count < 200)
    }
}
