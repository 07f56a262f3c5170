import CCurl
import FoundationEssentials

/// One libcurl easy handle: one hop of a transfer, set up to send `HopRequest` and to hand its
/// response to a `CurlTransfer` through the header and write callbacks. Created, driven and
/// cleaned up on the driver thread only.
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// Options every hop shares.
    struct Settings {
        var userAgent: String
        /// Milliseconds a connection may take to open (DNS, TCP, TLS).
        var connectTimeout: Int
    }

    /// A handle for `hop` whose callbacks reach `transfer` (held alive by the driver until
    /// `cleanup`). Throws when libcurl cannot make one or refuses an option.
    init(hop: HopRequest, settings: Settings, transfer: CurlTransfer) throws(NewsError) {
        guard let handle = ccurl_easy_init() else { throw .transport("libcurl could not start a transfer") }
        self.handle = handle
        do throws(NewsError) {
            try configure(hop: hop, settings: settings, userdata: Unmanaged.passUnretained(transfer).toOpaque())
        } catch {
            cleanup()
            throw error
        }
    }

    private func configure(hop: HopRequest, settings: Settings, userdata: UnsafeMutableRawPointer) throws(NewsError) {
        try set(CURLOPT_URL, hop.url.absoluteString)
        switch hop.method {
        case "GET": try set(CURLOPT_HTTPGET, 1)
        case "HEAD": try set(CURLOPT_NOBODY, 1)
        default: try set(CURLOPT_CUSTOMREQUEST, hop.method)
        }
        if let body = hop.body, hop.method != "GET", hop.method != "HEAD" {
            // The size first, so that the copy takes exactly these bytes (a body may hold a NUL).
            try set(CURLOPT_POSTFIELDSIZE, body.count)
            if body.isEmpty {
                try set(CURLOPT_COPYPOSTFIELDS, "")
            } else {
                let code = body.withUnsafeBytes { bytes in
                    ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
                try check(code)
            }
        }
        for line in hop.headerLines { headerList = ccurl_slist_append(headerList, line) }
        if !hop.headers.isEmpty {
            guard headerList != nil else { throw .transport("libcurl could not hold the request headers") }
            try check(ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))
        }
        try set(CURLOPT_USERAGENT, settings.userAgent)
        // libcurl decodes what it is offered, and the header callback refuses any other coding.
        try set(CURLOPT_ACCEPT_ENCODING, ContentCodings.offered)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 0)  // we follow, judging each Location (RedirectPolicy)
        // HTTP/1.1 only: one response per connection, read only as fast as the sink takes it.
        // (libcurl 7.88's HTTP/2 opens a 32 MiB window per stream, buffered for streams not read.)
        try set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
        try set(CURLOPT_NOSIGNAL, 1)  // libcurl must not touch signals in a threaded program
        // Removing a handle still resolving a name would wait for the resolver thread: let it go.
        try set(CURLOPT_QUICK_EXIT, 1)
        try set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)  // a proxy's CONNECT answer is not the response
        try set(CURLOPT_CONNECTTIMEOUT_MS, max(1, settings.connectTimeout))
        // Fewer, larger reads: a 200 MB save ran 1.0 to 1.4 times curl's time with 64 KiB,
        // 1.5 to 2 times with the default 16 KiB. The write callback still gets at most 16 KiB.
        try set(CURLOPT_BUFFERSIZE, 64 * 1024)
        try check(
            ccurl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
                CurlEasy.deliver(data, size * count, userdata) { $0.receiveHeaderLine($1) }
            })
        try check(ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, userdata))
        try check(
            ccurl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
                CurlEasy.deliver(data, size * count, userdata) { $0.receiveBody($1) }
            })
        try check(ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, userdata))
    }

    /// Hands a callback's bytes to the transfer. Returning anything but `byteCount` makes libcurl
    /// abort the hop at once (CURLE_WRITE_ERROR), even halfway through inflating a body.
    private static func deliver(
        _ data: UnsafeMutablePointer<CChar>?, _ byteCount: Int, _ userdata: UnsafeMutableRawPointer?,
        _ body: (CurlTransfer, UnsafeRawBufferPointer) -> Bool
    ) -> Int {
        guard let userdata else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
        let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : byteCount)
        return body(transfer, bytes) ? byteCount : 0
    }

    // MARK: Information

    var responseCode: Int { Int(long(CURLINFO_RESPONSE_CODE) ?? 0) }
    /// The system's errno behind a failed connect, 0 when there is none.
    var osErrno: Int32 { Int32(truncatingIfNeeded: long(CURLINFO_OS_ERRNO) ?? 0) }

    /// Body bytes read from the network so far, before any decoding.
    var bytesDownloaded: Int64 {
        var value: curl_off_t = 0
        return ccurl_easy_getinfo_off_t(handle, CURLINFO_SIZE_DOWNLOAD_T, &value) == CURLE_OK ? Int64(value) : 0
    }

    private func long(_ info: CURLINFO) -> Int? {
        var value = 0
        return ccurl_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : nil
    }

    /// Frees the handle; it must no longer be in the multi handle.
    func cleanup() {
        ccurl_easy_cleanup(handle)
        ccurl_slist_free_all(headerList)
        headerList = nil
    }

    // MARK: Options

    private func set(_ option: CURLoption, _ value: Int) throws(NewsError) {
        try check(ccurl_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(NewsError) {
        try check(ccurl_easy_setopt_string(handle, option, value))  // libcurl copies strings
    }

    private func check(_ code: CURLcode) throws(NewsError) {
        guard code == CURLE_OK else {
            throw .transport("libcurl refused an option (\(String(cString: ccurl_easy_strerror(code))))")
        }
    }
}
