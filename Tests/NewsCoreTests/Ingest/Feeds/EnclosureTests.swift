import Foundation
import Testing
@testable import NewsCore

/// Enclosures (a podcast's episode) in every format: RSS `enclosure`, Atom `link rel="enclosure"`,
/// JSON Feed `attachments`, Media RSS `media:content` of audio and video, with `itunes:duration`.
@Suite("Enclosures")
struct EnclosureTests {
    static func rssArticle(_ item: String) throws -> Article {
        try #require(FeedTesting.decode(FeedTesting.rss(item: "<title>Episode</title>" + item)).articles.first)
    }

    static let itunes = "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""

    @Test func rssEnclosureWithTypeLengthAndITunesDuration() throws {
        let edition = try FeedTesting.decode(
            """
            <rss version="2.0" \(Self.itunes)><channel><title>Show</title><item><title>Episode 1</title>
            <enclosure url="https://cdn.example/ep1.mp3" type="Audio/MPEG; charset=x" length=" 44150000 "/>
            <itunes:duration>1:02:03</itunes:duration></item></channel></rss>
            """)
        let enclosure = try #require(edition.articles.first?.enclosure)
        #expect(enclosure.url.absoluteString == "https://cdn.example/ep1.mp3")
        #expect(enclosure.mimeType == "audio/mpeg")
        #expect(enclosure.byteSize == 44_150_000)
        #expect(enclosure.duration == 3_723)
        #expect(edition.articles.first?.imageURL == nil)
    }

    @Test func anImageEnclosureIsThePictureNotAFile() throws {
        let article = try Self.rssArticle(#"<enclosure url="https://cdn.example/p.jpg" type="image/jpeg" length="100"/>"#)
        #expect(article.imageURL?.absoluteString == "https://cdn.example/p.jpg")
        #expect(article.enclosure == nil)
    }

    @Test func relativeLinksResolveAndOthersAreRefused() throws {
        let relative = try Self.rssArticle(#"<enclosure url="/media/ep.mp3" type="audio/mpeg"/>"#)
        #expect(relative.enclosure?.url.absoluteString == "https://site.example/media/ep.mp3")
        for link in ["javascript:alert(1)", "file:///etc/passwd", "ftp://cdn.example/ep.mp3", "data:audio/mpeg;base64,AAAA"] {
            let article = try Self.rssArticle("<enclosure url=\"\(link)\" type=\"audio/mpeg\"/>")
            #expect(article.enclosure == nil, "\(link)")
        }
        let long = "https://cdn.example/" + String(repeating: "a", count: TextLimits.url) + ".mp3"
        #expect(try Self.rssArticle("<enclosure url=\"\(long)\" type=\"audio/mpeg\"/>").enclosure == nil)
    }

    @Test func nonsenseNumbersAndTypesAreDropped() throws {
        let article = try Self.rssArticle(
            #"<enclosure url="https://cdn.example/a.mp3" type="audio/mp eg" length="-5"/><itunes:duration>x</itunes:duration>"#)
        let enclosure = try #require(article.enclosure)
        #expect(enclosure.mimeType == nil && enclosure.byteSize == nil && enclosure.duration == nil)
        let zero = try Self.rssArticle(#"<enclosure url="https://cdn.example/a.mp3" type="audio/mpeg" length="0"/>"#)
        #expect(zero.enclosure?.byteSize == nil, "0 is what feeds write for unknown")
        let huge = try Self.rssArticle(#"<enclosure url="https://cdn.example/a.mp3" length="99999999999999999999"/>"#)
        #expect(huge.enclosure?.byteSize == nil && huge.enclosure?.mimeType == nil)
    }

    @Test(arguments: [
        ("3723", 3_723), ("3723.9", 3_723), ("62:03", 3_723), ("1:02:03", 3_723), (" 05:07 ", 307), ("0:00:59", 59),
    ])
    func iTunesDurationForms(text: String, seconds: Int) {
        #expect(EnclosureNumbers.duration(text) == seconds)
    }

    @Test(arguments: ["", "1:60", "1:2:3:4", "a:10", "-5", "1::2", "1:02:03.5", "9999999999"])
    func durationsThatAreNotOnes(text: String) {
        #expect(EnclosureNumbers.duration(text) == nil)
    }

    @Test func clockForm() {
        #expect(EnclosureNumbers.clock(3_723) == "1:02:03")
        #expect(EnclosureNumbers.clock(2_525) == "42:05")
        #expect(EnclosureNumbers.clock(59) == "0:59")
    }

    @Test func atomEnclosureLink() throws {
        let edition = try FeedTesting.decode(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" \(Self.itunes)><title>Show</title>
            <entry><id>e1</id><title>Episode</title><link href="https://site.example/e1"/>
            <link rel="enclosure" href="https://cdn.example/e1.ogg" type="audio/ogg" length="1234"/>
            <itunes:duration>42:05</itunes:duration></entry></feed>
            """)
        let article = try #require(edition.articles.first)
        #expect(article.url?.absoluteString == "https://site.example/e1")
        #expect(article.enclosure == Enclosure(url: URL(string: "https://cdn.example/e1.ogg")!, mimeType: "audio/ogg", byteSize: 1_234, duration: 2_525))
    }

    @Test func jsonFeedAttachments() throws {
        let edition = try FeedTesting.decode(
            """
            {"version":"https://jsonfeed.org/version/1.1","title":"Show","items":[
             {"id":"1","title":"Episode","attachments":[
               {"url":"https://cdn.example/cover.png","mime_type":"image/png"},
               {"url":"https://cdn.example/e1.m4a","mime_type":"audio/x-m4a","size_in_bytes":89970236,"duration_in_seconds":5400.5}]},
             {"id":"2","title":"Not one","attachments":"nonsense"},
             {"id":"3","title":"Refused","attachments":[{"url":"javascript:x","mime_type":"audio/mpeg"}]}]}
            """)
        #expect(edition.articles.count == 3)
        #expect(
            edition.articles[0].enclosure
                == Enclosure(url: URL(string: "https://cdn.example/e1.m4a")!, mimeType: "audio/x-m4a", byteSize: 89_970_236, duration: 5_400))
        #expect(edition.articles[1].enclosure == nil && edition.articles[2].enclosure == nil)
    }

    @Test func mediaContentOfAudioAndVideoButNotOfImagesOrFlash() throws {
        let audio = try Self.rssArticle(
            #"<media:content url="https://cdn.example/a.mp3" medium="audio" fileSize="2048" duration="95"/>"#)
        #expect(audio.enclosure == Enclosure(url: URL(string: "https://cdn.example/a.mp3")!, byteSize: 2_048, duration: 95))
        let video = try Self.rssArticle(#"<media:content url="https://cdn.example/v.mp4" type="video/mp4"/>"#)
        #expect(video.enclosure?.mimeType == "video/mp4")
        let flash = try Self.rssArticle(#"<media:content url="https://cdn.example/v.swf" type="application/x-shockwave-flash"/>"#)
        #expect(flash.enclosure == nil)
        let image = try Self.rssArticle(#"<media:content url="https://cdn.example/p.jpg" medium="image"/>"#)
        #expect(image.enclosure == nil && image.imageURL != nil)
    }

    @Test func theFormatsOwnEnclosureWinsOverMediaContent() throws {
        let article = try Self.rssArticle(
            """
            <media:content url="https://cdn.example/media.mp3" type="audio/mpeg"/>
            <enclosure url="https://cdn.example/own.mp3" type="audio/mpeg"/><enclosure url="https://cdn.example/second.mp3" type="audio/mpeg"/>
            """)
        #expect(article.enclosure?.url.absoluteString == "https://cdn.example/own.mp3")
    }

    @Test func anItemWithOnlyAnEnclosureIsAnArticle() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(item: #"<enclosure url="https://cdn.example/only.mp3" type="audio/mpeg"/>"#))
        #expect(edition.articles.count == 1 && edition.skipped == 0)
    }

    @Test func theModelChecksWhateverMakesIt() {
        #expect(Enclosure(url: URL(string: "file:///etc/passwd")!) == nil)
        #expect(Enclosure(url: URL(string: "https://e.example/a")!, mimeType: "audio/mpeg/x")?.mimeType == nil)
        #expect(Enclosure(url: URL(string: "https://e.example/a")!, mimeType: " Video/MP4 ")?.mimeType == "video/mp4")
        #expect(Enclosure(url: URL(string: "https://e.example/a")!, byteSize: Enclosure.maximumByteSize + 1)?.byteSize == nil)
        #expect(Enclosure(url: URL(string: "https://e.example/a")!, duration: -1)?.duration == nil)
    }
}
