import FoundationEssentials
import NewsCore

/// What screens need from the outside world, passed down explicitly (no globals).
@MainActor
package final class AppServices {
    /// The sources, their cached articles and their refreshes.
    package let library: Library
    /// The demo edition was picked because no source was named and no key is set.
    package let isFallbackDemo: Bool
    package let imageLoader: ImageLoader
    package let environment: [String: String]
    package let downloads: DownloadCenter
    package let now: @Sendable () -> Date
    /// Pictures decoded this session.
    package let pictures: PictureLibrary
    /// How pictures reach this terminal (chosen at start from its colours and the environment).
    package var pictureDepth: PictureColourDepth
    /// The config's `text-width`: an article's text is no wider (nil: the terminal's width).
    package var textWidth: Int?
    /// The config's `browser`, split into words (nil: `$BROWSER`, else xdg-open).
    package var browser: [String]?
    /// The config's `pipe-command` (what `|`'s prompt starts with) and `pipe-format`.
    package var pipe = PipeSettings()
    /// The config's `player`, split into words (`%f` is the file): what `p` plays an enclosure with.
    package var player = ConfigSettings.defaultPlayer
    /// Said once in the status line of the first screen (the locale is not UTF-8, the cache was moved aside...).
    package var startupNotice: Notice?
    /// The order lists are read in (`sort`; `s` cycles it for the session).
    package var listOrder = ListOrder.date
    /// Lists show read articles (`show-read`; `U` toggles it for the session).
    package var showsRead = true
    /// The Sources screen lists sources with nothing unread (`show-read-sources`).
    package var showsReadSources = true
    /// The first screen refreshes every source when it opens (`refresh-on-start`).
    package var refreshesOnStart = true
    /// `datetime-format`: the lists' dates (nil: their age).
    package var dateFormat: DateFormat?
    /// `articlelist-format` and `feedlist-format`: rows in newsboat's codes (nil: the built-in layout).
    package var articleListFormat: RowFormat?
    package var sourceListFormat: RowFormat?
    /// Reads the config file again (`R`, Ctrl-R); nil when the run has none to read.
    package var readConfig: ConfigReader?

    package init(
        library: Library, isFallbackDemo: Bool = false, imageLoader: ImageLoader = ImageLoader(),
        environment: [String: String] = [:], downloads: DownloadCenter, now: @escaping @Sendable () -> Date = { Date() },
        pictures: PictureLibrary = PictureLibrary(), pictureDepth: PictureColourDepth = .shades
    ) {
        self.library = library
        self.isFallbackDemo = isFallbackDemo
        self.imageLoader = imageLoader
        self.environment = environment
        self.downloads = downloads
        self.now = now
        self.pictures = pictures
        self.pictureDepth = pictureDepth
    }
}
