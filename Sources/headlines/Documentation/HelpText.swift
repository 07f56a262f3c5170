/// What `--help` prints: the table the man page and the shell completions are generated from
/// (`UsageTable`).
enum HelpText {
    static let usage = """
        Usage: headlines [options]

        A terminal news reader. With no options it opens the config file's sources; without
        any, NewsAPI's top headlines when NEWSAPI_KEY is set, and the bundled demo edition
        otherwise. Articles are kept in a cache, so the last headlines show at once.

        Options:
          -p, --print            Print the articles, one per line, and exit:
                                 date<TAB>source<TAB>title<TAB>url (date in UTC)
              --json             With --print: one JSON object per line instead
              --source URL|PATH  Read one feed (RSS, Atom, RDF, JSON Feed, NewsAPI JSON, or a web
                                 page that links to its feed) from a URL or a file
              --demo             Show the bundled demo edition
              --newsapi-url URL  NewsAPI's base URL (default https://newsapi.org)
              --country CODE     Top headlines for a country (e.g. us, gb, de)
              --category NAME    business, entertainment, general, health, science, sports, technology
          -q, --query TEXT       Only articles that match TEXT
              --everything       Search all articles (/v2/everything) for --query
              --page-size N      Articles per request, 1 to 100
              --save-dir DIR     Where `d` saves images and `s` articles (default $XDG_DOWNLOAD_DIR/headlines
                                 or ~/Downloads/headlines)
              --max-image-size MiB  The largest image `d` will save (default 50)
              --image-protocol NAME  How the article's picture is drawn: auto (ask the terminal), kitty,
                                 sixel, iterm2, or cells (coloured text cells); as image-protocol
              --timeout SECONDS  The longest a document or image may take to arrive (default 60)
              --config FILE      Read this config file instead of ~/.config/headlines/config
              --add URL          Add a feed (or a page that names one) to the config file, once
                                 the URL is checked to give a feed, and exit
              --name NAME        With --add: the source's name
              --group GROUP      With --add: the source's group
              --server NAME      With --add: subscribe the config's feed server NAME to the URL
              --import-opml FILE Add the feeds of an OPML file to the config file, and exit
              --import-newsboat [FILE]  Add newsboat's feeds, titles and tags (FILE: its urls
                                 file, default ~/.newsboat/urls), and exit
              --export-opml      Print the config's sources as OPML 2.0, and exit
              --log FILE         Write a diagnostic log (no keys, no escapes, rotated at 1 MiB)
              --log-level LEVEL  error, info (the default) or debug
              --offline          With --print: print what the cache holds, with no network
              --unread           With --print: only the articles not read yet (from the cache)
              --search QUERY     Print every cached article that matches QUERY (words, prefix*, "phrases"), best first
              --limit N          With --search: print at most N matches
              --strict           With --print or --refresh: exit 1 when any source fails (else only when none could)
              --refresh          Fetch every source and feed server into the cache, print one summary
                                 line (new articles, failures) and exit, as newsboat -x reload (for cron)
              --quiet            With --refresh: no summary line (failures still on stderr)
              --refused-marks [retry|drop]  List the marks a feed server refused (set aside so that
                                 the others and the sync go on), send them again, or forget them
              --verbose          Notes that are not failures ("Using the feed ...") on stderr too
          -h, --help             Show this help
              --version          Show the version

        Environment:
          NEWSAPI_KEY            Your NewsAPI key (sent only to the NewsAPI base, as X-Api-Key)
          BROWSER                The program `o` opens links with (default xdg-open)
          XDG_DOWNLOAD_DIR       The parent of the default save folder
          NO_COLOR               Set to turn colours off (pictures in ASCII shades)
          COLORTERM              truecolor or 24bit: pictures in 24-bit colour
          XDG_CONFIG_HOME        The config file's folder's parent (else ~/.config)
          XDG_CACHE_HOME         The cache's folder's parent (else ~/.cache)

        With no config file: write one (see the README), or start one with --add URL,
        --import-opml FILE or --import-newsboat.

        Exit status: 0 done (with --print: some source printed; with --refresh: some source was
        refreshed; each failure has its line on stderr), 1 the fetch or decoding failed (no source
        printed or refreshed), 2 a usage error.
        """
}
