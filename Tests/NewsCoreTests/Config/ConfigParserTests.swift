import Foundation
import Testing
@testable import NewsCore

@Suite("Config parser")
struct ConfigParserTests {
    @Test func emptyTextGivesTheDefaults() throws {
        let config = try ConfigFixture.parse("")
        #expect(config == .empty)
        #expect(config.settings.maxConnections == 8)
        #expect(config.settings.maxPerHost == 2)
        #expect(config.settings.timeoutSeconds == 60)
        #expect(config.settings.keepDays == 30)
        #expect(config.settings.refreshMinutes == nil)
        #expect(config.settings.logFile == nil)
        #expect(config.settings.logLevel == .info)
        #expect(config.settings.textWidth == nil)
    }

    @Test func textWidthCapsTheArticleText() throws {
        #expect(try ConfigFixture.parse("text-width = 72").settings.textWidth == 72)
    }

    @Test func commentsBlankLinesAndIndentationAreIgnored() throws {
        let config = try ConfigFixture.parse(
            """
            # Headlines config

               # indented comment
            \ttimeout = 30   \t

            """)
        #expect(config.settings.timeoutSeconds == 30)
        #expect(config.settings.lines == ["timeout": 4])
    }

    @Test func everyGlobalSetting() throws {
        let config = try ConfigFixture.parse(
            """
            newsapi-key = 0123456789abcdef
            newsapi-url = http://127.0.0.1:8080/proxy
            max-connections = 16
            max-per-host = 4
            timeout = 15
            log = ~/headlines.log
            log-level = DEBUG
            keep-days = 7
            refresh-minutes = 20
            save-dir = pictures
            max-image-size = 10
            sort = date-asc
            show-read = no
            """)
        let settings = config.settings
        #expect(settings.newsAPIKey == "0123456789abcdef")
        #expect(settings.newsAPIURL == URL(string: "http://127.0.0.1:8080/proxy"))
        #expect(settings.maxConnections == 16)
        #expect(settings.maxPerHost == 4)
        #expect(settings.timeoutSeconds == 15)
        #expect(settings.logFile?.path == "/home/reader/headlines.log")
        #expect(settings.logLevel == .debug)
        #expect(settings.keepDays == 7)
        #expect(settings.refreshMinutes == 20)
        #expect(settings.saveDirectory?.path == "/home/reader/.config/headlines/pictures")  // relative to the config's folder
        #expect(settings.maxImageSize == 10 * 1024 * 1024)
        #expect(settings.lines["max-image-size"] == 11)
        #expect(settings.sort == .dateAscending)
        #expect(settings.showRead == false)
    }

    @Test func listViewsHaveDefaults() throws {
        let settings = try ConfigFixture.parse("timeout = 5").settings
        #expect(settings.sort == .date && settings.showRead)
        for order in ListOrder.allCases {
            #expect(try ConfigFixture.parse("sort = \(order.name)").settings.sort == order)
        }
        #expect(try ConfigFixture.parse("show-read = yes").settings.showRead)
    }

    @Test func refreshCanBeOff() throws {
        #expect(try ConfigFixture.parse("refresh-minutes = off").settings.refreshMinutes == nil)
        #expect(try ConfigFixture.parse("refresh-minutes = OFF").settings.refreshMinutes == nil)
    }

    @Test func quotedValuesKeepSpacesAndReadEscapes() throws {
        let config = try ConfigFixture.parse(
            #"""
            log = "/tmp/a log file.txt  "
            [source "Quote \"and\" back\\slash"]
            url = "https://example.com/feed?a=1&b=2"
            group = "Tabs\tand\nnewlines"
            [source "# not a comment"]
            url = https://example.com/#fragment
            """#)
        #expect(config.settings.logFile?.path == "/tmp/a log file.txt  ")  // the quotes keep the trailing spaces
        #expect(config.sources[0].name == #"Quote "and" back\slash"#)
        #expect(config.sources[0].location == URL(string: "https://example.com/feed?a=1&b=2"))
        #expect(config.sources[0].group == "Tabs and newlines")  // sanitised: shown to a person
        #expect(config.sources[1].name == "# not a comment")
        #expect(config.sources[1].location?.fragment == "fragment")  // `#` inside a value is not a comment
    }

    @Test func emptyQuotedValueIsAllowedWhereTextIs() throws {
        let error = ConfigFixture.error(#"log = """#)
        #expect(error?.reason == "the path is empty")
    }

    @Test func sourcesKeepFileOrderAndTheirLines() throws {
        let config = try ConfigFixture.parse(
            """
            [source "Zeta"]
            url = https://zeta.example/feed.xml

            [source "Alpha"]
            url = http://alpha.example/rss
            group = News/World
            site = https://alpha.example/
            [source Bare]
            url = https://bare.example/atom
            """)
        #expect(config.sources.map(\.name) == ["Zeta", "Alpha", "Bare"])
        #expect(config.sources.map(\.line) == [1, 4, 8])
        #expect(config.sources[1].group == "News/World")
        #expect(config.sources[1].site == URL(string: "https://alpha.example/"))
        #expect(config.sources[0].group == nil)
    }

    @Test(arguments: [
        ("/var/feeds/a.xml", "/var/feeds/a.xml"),
        ("~/feeds/a.xml", "/home/reader/feeds/a.xml"),
        ("./local.json", "/home/reader/.config/headlines/local.json"),
        ("../shared/b.rss", "/home/reader/.config/shared/b.rss"),
        ("file:///srv/c.atom", "/srv/c.atom"),
        ("file://localhost/srv/d.atom", "/srv/d.atom"),
    ])
    func pathsBecomeAbsoluteFileURLs(written: String, path: String) throws {
        let config = try ConfigFixture.parse("[source \"Local\"]\nurl = \(written)")
        let url = try #require(config.sources.first?.location)
        #expect(url.isFileURL)
        #expect(url.path == path)
    }

    @Test func newsAPISources() throws {
        let config = try ConfigFixture.parse(
            """
            [source "UK business"]
            newsapi = top-headlines
            country = GB
            category = Business
            [source "Swift"]
            newsapi = everything
            query = swift language
            [source "Top"]
            newsapi = TOP-HEADLINES
            """)
        #expect(config.sources[0].kind == .newsAPI(.topHeadlines(country: "gb", category: "business")))
        #expect(config.sources[1].kind == .newsAPI(.everything(query: "swift language")))
        #expect(config.sources[2].kind == .newsAPI(.topHeadlines()))
        #expect(config.sources[0].location == nil)
    }

    @Test func bindingsInFileOrderAnywhereInTheFile() throws {
        let config = try ConfigFixture.parse(
            """
            bind x quit
            unbind q
            [source "A"]
            url = https://a.example/
            bind Ctrl-R refresh-all
            bind "#" help
            bind é down
            """)
        #expect(
            config.bindings == [
                .bind(.character("x"), action: "quit", line: 1),
                .unbind(.character("q"), line: 2),
                .bind(.control("r"), action: "refresh-all", line: 5),
                .bind(.character("#"), action: "help", line: 6),
                .bind(.character("é"), action: "down", line: 7),
            ])
        #expect(config.sources.count == 1)
    }

    @Test func windowsLineEndingsAndAByteOrderMark() throws {
        let config = try ConfigFixture.parse("\u{FEFF}timeout = 5\r\n[source \"A\"]\r\nurl = https://a.example/x\r\n")
        #expect(config.settings.timeoutSeconds == 5)
        #expect(config.sources.first?.location == URL(string: "https://a.example/x"))
    }

    @Test func namesAndGroupsAreSanitised() throws {
        // Raw escape sequences are refused outright (see the errors); what can still arrive is
        // bidirectional overrides and escaped newlines, which the sanitiser removes.
        let config = try ConfigFixture.parse("[source \"\u{202E}Evil\\n Red \"]\nurl = https://e.example/\ngroup = \"\\tNews\u{2066}\"")
        #expect(config.sources[0].name == "Evil Red")
        #expect(config.sources[0].group == "News")
    }

    @Test func settingNamesAreCaseInsensitive() throws {
        #expect(try ConfigFixture.parse("Max-Connections = 3").settings.maxConnections == 3)
    }
}
