/// Answers a real FreshRSS 1.25.0-dev gave to the Google Reader API (`/api/greader.php`), recorded
/// by hand with curl against `freshrss-up.sh` (3 feeds × 20 items, two in the category Tech),
/// then cut to a few items: data we made from its answers, not its code. The loopback server
/// (`LoopbackGoogleReader`) answers in these shapes; the tests decode these as they are.
public enum FreshRSSAnswers {
    /// `POST accounts/ClientLogin` with the right password: 200 text/plain.
    public static let clientLogin = """
        SID=admin/0eb312cbc74bf9a9fc9ae4d29e78804fc05bd40a
        LSID=null
        Auth=admin/0eb312cbc74bf9a9fc9ae4d29e78804fc05bd40a

        """

    /// The answer to a wrong password, a wrong login and a wrong `T` alike: 401 text/plain with
    /// `Google-Bad-Token: true`.
    public static let unauthorized = "Unauthorized!"

    /// `GET reader/api/0/token`: 200 text/html, 57 characters and a newline.
    public static let token = "0eb312cbc74bf9a9fc9ae4d29e78804fc05bd40aZZZZZZZZZZZZZZZZZ\n"

    /// `GET reader/api/0/subscription/list?output=json`. FreshRSS named the feeds by their URLs
    /// (the OPML's text), with `/` written as its fullwidth form `／`.
    public static let subscriptionList = """
        {"subscriptions":[{"id":"feed/1","title":"http:／／127.0.0.1:18931／feed01.xml","categories":[{"id":"user/-/label/Tech","label":"Tech"}],"url":"http://127.0.0.1:18931/feed01.xml","htmlUrl":"http://127.0.0.1:18931/site01/","iconUrl":"http://127.0.0.1:18932/f.php?2e2d1fad"},{"id":"feed/2","title":"http:／／127.0.0.1:18931／feed02.xml","categories":[{"id":"user/-/label/Tech","label":"Tech"}],"url":"http://127.0.0.1:18931/feed02.xml","htmlUrl":"http://127.0.0.1:18931/site02/","iconUrl":"http://127.0.0.1:18932/f.php?698d657d"},{"id":"feed/3","title":"http:／／127.0.0.1:18931／feed03.xml","categories":[{"id":"user/-/label/Uncategorized","label":"Uncategorized"}],"url":"http://127.0.0.1:18931/feed03.xml","htmlUrl":"http://127.0.0.1:18931/site03/","iconUrl":"http://127.0.0.1:18932/f.php?54ed4ccd"}]}
        """

    /// `GET reader/api/0/tag/list?output=json`.
    public static let tagList = """
        {"tags":[{"id":"user/-/state/com.google/starred"},{"id":"user/-/label/Tech","type":"folder"},{"id":"user/-/label/Uncategorized","type":"folder"}]}
        """

    /// `GET stream/items/ids?s=…/reading-list&xt=…/read&n=3`: a full page has a `continuation`
    /// (the last id), which the next request sends as `c`.
    public static let unreadIDsPage = """
        {"itemRefs":[{"id":"1796289590437306"},{"id":"1796289590437305"},{"id":"1796289590437304"}],"continuation":"1796289590437304"}
        """

    /// `GET stream/items/ids?s=…/starred&n=1000`, after two items were starred; then with none.
    public static let starredIDs = """
        {"itemRefs":[{"id":"1796289590437301"},{"id":"1796289590437300"}]}
        """
    public static let noIDs = #"{"itemRefs":[]}"#

    /// `POST stream/items/contents?output=json` with `i=` 1796289590437306 and …305 (read; …305's
    /// `&` written `＆`) and …300 (starred, unread): the long form of each id, `summary` (FreshRSS's
    /// compatible output), the label and the item's own tag in `categories`, and its states.
    public static let contents = #"""
        {"id":"user/-/state/com.google/reading-list","updated":1796289943,"items":[{"id":"tag:google.com,2005:reader/item/000661b742f3a5ba","crawlTimeMsec":"1796289590437","timestampUsec":"1796289590437306","published":1714564800,"title":"Linux essay #20","canonical":[{"href":"http://127.0.0.1:18931/site03/essays/20.html"}],"alternate":[{"href":"http://127.0.0.1:18931/site03/essays/20.html"}],"categories":["user/-/state/com.google/reading-list","user/-/label/Uncategorized","user/-/state/com.google/read","Linux"],"origin":{"streamId":"feed/3","htmlUrl":"http://127.0.0.1:18931/site03/","title":"http:／／127.0.0.1:18931／feed03.xml"},"summary":{"content":"<p>This is item 20 of feed 3, about <b>Linux</b>.</p><p>Second paragraph with a <a href=\"https://example.org/ref/3/20\">link</a> &amp; some entities: café, 5 &lt; 6.</p>"},"author":"Alice Example"},{"id":"tag:google.com,2005:reader/item/000661b742f3a5b9","crawlTimeMsec":"1796289590437","timestampUsec":"1796289590437305","published":1714564800,"title":"PostgreSQL post #20: notes ＆ links","canonical":[{"href":"http://127.0.0.1:18931/site02/posts/20.html"}],"alternate":[{"href":"http://127.0.0.1:18931/site02/posts/20.html"}],"categories":["user/-/state/com.google/reading-list","user/-/label/Tech","user/-/state/com.google/read","PostgreSQL"],"origin":{"streamId":"feed/2","htmlUrl":"http://127.0.0.1:18931/site02/","title":"http:／／127.0.0.1:18931／feed02.xml"},"summary":{"content":"<p>This is item 20 of feed 2, about <b>PostgreSQL</b>.</p><p>Second paragraph with a <a href=\"https://example.org/ref/2/20\">link</a> &amp; some entities: café, 5 &lt; 6.</p>"},"author":"Alice Example"},{"id":"tag:google.com,2005:reader/item/000661b742f3a5b4","crawlTimeMsec":"1796289590437","timestampUsec":"1796289590437300","published":1714557600,"title":"Linux essay #18","canonical":[{"href":"http://127.0.0.1:18931/site03/essays/18.html"}],"alternate":[{"href":"http://127.0.0.1:18931/site03/essays/18.html"}],"categories":["user/-/state/com.google/reading-list","user/-/label/Uncategorized","user/-/state/com.google/starred","Linux"],"origin":{"streamId":"feed/3","htmlUrl":"http://127.0.0.1:18931/site03/","title":"http:／／127.0.0.1:18931／feed03.xml"},"summary":{"content":"<p>This is item 18 of feed 3, about <b>Linux</b>.</p><p>Second paragraph with a <a href=\"https://example.org/ref/3/18\">link</a> &amp; some entities: café, 5 &lt; 6.</p>"},"author":"Carol Coder"}]}
        """#

    /// `POST edit-tag` (and `mark-all-as-read`) done: 200 text/html.
    public static let editTagDone = "OK"

    /// `subscription/quickadd` of a feed already subscribed, and of one that answers 404: 200 JSON.
    public static let quickaddAlreadySubscribed = #"{"numResults":0,"error":"Already subscribed! http://127.0.0.1:18931/feed03.xml"}"#
    public static let quickaddNotFound =
        #"{"numResults":0,"error":"cURL error 22: The requested URL returned error: 404 [http://127.0.0.1:18931/missing.xml]"}"#
}
