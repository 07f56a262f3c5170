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
    /// Pictures decoded this session (set again at start once the terminal said whether it shows pixels).
    package var pictures: PictureLibrary
    /// How pictures reach this terminal as cells (chosen at start from its colours and the environment).
    package var pictureDepth: PictureColourDepth
    /// How this terminal shows pictures in pixels; nil: as cells (`image-protocol`, and what the terminal answered).
    package var pixelDisplay: PixelDisplay?
    /// The config's settings and the session's order and read filter (`s`, `U`), read whole by the screens.
    package var settings: SessionSettings
    /// Said once in the status line of the first screen (the locale is not UTF-8, the cache was moved aside...).
    package var startupNotice: Notice?
    /// Reads the config file again (`R`, Ctrl-R); nil when the run has none to read.
    package var readConfig: ConfigReader?

    package init(
        library: Library, isFallbackDemo: Bool = false, imageLoader: ImageLoader = ImageLoader(),
        environment: [String: String] = [:], downloads: DownloadCenter, now: @escaping @Sendable () -> Date = { Date() },
        pictures: PictureLibrary = PictureLibrary(), pictureDepth: PictureColourDepth = .shades, settings: SessionSettings = SessionSettings()
    ) {
        self.library = library
        self.isFallbackDemo = isFallbackDemo
        self.imageLoader = imageLoader
        self.environment = environment
        self.downloads = downloads
        self.now = now
        self.pictures = pictures
        self.pictureDepth = pictureDepth
        self.settings = settings
    }
}
