/// OPML documents in the shapes other readers write them, for the import and round-trip tests.
enum OPMLFixtures {
    /// newsboat `--export-to-opml` (OPML 1.0, libxml2's formatted output): flat, `type` first,
    /// `title` and `text` both the feed's title, no folders and no tags.
    static let newsboat1 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="1.0">
          <head>
            <title>Newsboat - Exported Feeds</title>
          </head>
          <body>
            <outline type="rss" xmlUrl="https://example.com/feed1.xml" htmlUrl="https://example.com/feed1/" title="Feed 1" text="Feed 1"/>
            <outline type="rss" xmlUrl="https://example.com/feed2.xml?a=1&amp;b=2" htmlUrl="https://example.com/feed2/" title="Fish &amp; Chips &lt;daily&gt; &quot;live&quot;" text="Fish &amp; Chips &lt;daily&gt; &quot;live&quot;"/>
            <outline type="rss" xmlUrl="http://blog.example.org/atom" htmlUrl="" title="Café Ünïcödé 日本" text="Café Ünïcödé 日本"/>
          </body>
        </opml>

        """

    /// newsboat `--export-to-opml2`: the same, plus newsboat's tags in an OPML 2.0 `category`
    /// attribute (commas in a tag become `_`, slashes stay).
    static let newsboat2 = """
        <?xml version="1.0"?>
        <opml version="2.0"><head><title>Newsboat - Exported Feeds</title></head><body><outline type="rss" xmlUrl="https://example.com/feed1.xml" htmlUrl="https://example.com/feed1/" title="Feed 1" text="Feed 1" category=""/><outline type="rss" xmlUrl="https://example.com/feed2.xml" htmlUrl="https://example.com/feed2/" title="Feed 2" text="Feed 2" category="tech"/><outline type="rss" xmlUrl="https://example.com/feed3.xml" htmlUrl="https://example.com/feed3/" title="Feed 3" text="Feed 3" category="Blogs/friends"/></body></opml>

        """

    /// nom's shape (its import test data and `Outline` type): folders with `title` and `text`,
    /// feeds with `text`, `title`, `type="rss"` and `xmlUrl`, no `htmlUrl`; a comment before the root.
    static let nom = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!--
         A sample subscription list.
        -->
        <opml version="1.0">
            <head>
                <title>Sample OPML file for RSSReader</title>
            </head>
            <body>
                <outline title="News" text="News">
                    <outline text="Big News Finland" title="Big News Finland" type="rss" xmlUrl="http://www.bignewsnetwork.com/?rss=37e8860164ce009a"/>
                    <outline text="Euronews" title="Euronews" type="rss" xmlUrl="http://feeds.feedburner.com/euronews/en/news/"/>
                </outline>

                <outline title="Leisure" text="Leisure">
                    <outline text="E! News" title="E! News" type="rss"  xmlUrl="http://uk.eonline.com/syndication/feeds/rssfeeds/topstories.xml"/>
                </outline>

                <outline title="Tech" text="Tech">
                    <outline text="Coding Horror" title="Coding Horror" type="rss" xmlUrl="http://feeds.feedburner.com/codinghorror/"/>
                    <outline text="N.Y.Times Track And Field" title="N.Y.Times Track And Field" type="rss" xmlUrl="http://topics.nytimes.com/topics/reference/timestopics/subjects/t/track_and_field/index.html?rss=1"/>
                </outline>
            </body>
        </opml>

        """

    /// Folders inside folders, a feed outside any folder, a folder named only by `text`, a feed
    /// named only by `text`, and outlines Headlines cannot take (as newsboat's tests have them).
    static let nested = """
        <?xml version="1.0"?>
        <opml version="2.0">
          <head><title>Nested</title></head>
          <body>
            <outline type="rss" xmlUrl="https://example.com/top.xml" text="Top level"/>
            <outline title="Blogs">
              <outline type="rss" xmlUrl="https://blogs.example.com/~john/posts.rss" title="John"/>
              <outline text="friends">
                <outline type="atom" xmlUrl="https://blogs.example.com/~mike/.rss" title="Mike" text="Mike's blog"/>
                <outline type="rss" url="https://fred.example.com/writing/index.php?type=rss" text="Fred"/>
              </outline>
            </outline>
            <outline text="Programs">
              <outline type="rss" xmlUrl="|~/fetch_tweets.py" text="Tweets"/>
              <outline type="rss" xmlUrl="exec:~/bin/feed.sh" text="Script"/>
              <outline type="rss" xmlUrl="file:///etc/passwd" text="Local"/>
            </outline>
            <outline text="Just a note, no feed"/>
          </body>
        </opml>

        """
}
