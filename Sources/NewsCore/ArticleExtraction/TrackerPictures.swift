import FoundationEssentials

/// Pictures that are there to count readers, not to be seen: one pixel (or none) in either
/// direction, or served by an analytics or advertising host. An extracted article keeps none
/// of them, so showing it never tells anyone it was read.
enum TrackerPictures {
    /// Hosts (and their subdomains) that serve counting pixels and ads.
    static let hosts: [String] = [
        "doubleclick.net", "google-analytics.com", "googletagmanager.com", "googlesyndication.com", "googleadservices.com",
        "adservice.google.com", "facebook.com", "facebook.net", "scorecardresearch.com", "quantserve.com", "chartbeat.net",
        "chartbeat.com", "omtrdc.net", "2o7.net", "demdex.net", "everesttech.net", "adnxs.com", "amazon-adsystem.com",
        "taboola.com", "outbrain.com", "criteo.com", "criteo.net", "pubmatic.com", "rubiconproject.com", "casalemedia.com",
        "bluekai.com", "krxd.net", "moatads.com", "adsrvr.org", "bing.com", "bat.bing.com", "hotjar.com", "newrelic.com",
        "nr-data.net", "parsely.com", "pixel.wp.com", "stats.wp.com", "ads-twitter.com", "analytics.twitter.com", "t.co",
        "linkedin.com", "licdn.com", "yandex.ru", "mc.yandex.ru", "mathtag.com", "serving-sys.com", "imrworldwide.com",
        "cxense.com", "tiqcdn.com", "ml314.com", "agkn.com", "addthis.com", "sharethis.com", "mixpanel.com", "segment.io",
        "segment.com", "branch.io", "mailchimp.com", "list-manage.com", "feedburner.com", "feedblitz.com", "piwik.pro",
        "matomo.cloud", "statcounter.com", "sitemeter.com", "pinterest.com", "ct.pinterest.com", "adform.net", "smartadserver.com",
    ]

    /// Whether `url` is a counting pixel's address by its host (or its path says so: `/pixel`, `/beacon`).
    static func isTracker(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return true }
        for tracker in hosts where host == tracker || host.hasSuffix("." + tracker) { return true }
        let path = url.path.lowercased()
        return path.hasSuffix("/pixel") || path.hasSuffix("/pixel.gif") || path.hasSuffix("/beacon") || path.contains("/1x1")
            || path.hasSuffix("/spacer.gif") || path.hasSuffix("/blank.gif") || path.hasSuffix("/clear.gif")
    }

    /// Whether a picture's written size (`width`, `height` attributes or its style) is at most one pixel either way.
    static func isPixel(width: String?, height: String?) -> Bool {
        func tiny(_ value: String?) -> Bool {
            guard let value else { return false }
            let digits = value.trimmed().prefix { $0.isNumber }
            guard let number = Int(digits.prefix(6)) else { return false }
            return number <= 1
        }
        return tiny(width) || tiny(height)
    }
}
