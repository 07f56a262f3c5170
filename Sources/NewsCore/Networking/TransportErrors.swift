import CCurl
import FoundationEssentials
import Glibc

/// Turns libcurl's result codes into ours, each one sentence a person can read.
enum TransportErrors {
    static func map(_ code: CURLcode, osErrno: Int32, url: URL?) -> NewsError {
        let host = hostName(url)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .cannotFindHost(host: host)
        case CURLE_COULDNT_RESOLVE_PROXY: return .transport("the proxy for \(host) could not be found")
        case CURLE_COULDNT_CONNECT:
            // No route at all: the machine is offline, not the server down.
            if osErrno == ENETUNREACH || osErrno == ENETDOWN { return .offline(host: host) }
            return .cannotConnect(host: host)
        case CURLE_OPERATION_TIMEDOUT: return .timedOut(host: host)
        // A body short of its Content-Length or its last chunk, a reset, nothing at all.
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
            return .connectionLost(host: host)
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidDocument("\(host) sent a response that is not valid HTTP")
        case CURLE_BAD_CONTENT_ENCODING:
            return .invalidDocument("\(host) sent a compressed body that could not be decompressed")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CLIENTCERT:
            return .transport("a secure connection to \(host) could not be made")
        case CURLE_URL_MALFORMAT: return .unsupportedURL(url.map { Sanitizer.clean($0.absoluteString, maxLength: 200) } ?? host)
        case CURLE_OUT_OF_MEMORY: return .transport("there was not enough memory to talk to \(host)")
        default:
            let reason = String(cString: ccurl_easy_strerror(code)).lowercased()
            return .transport("libcurl error \(code.rawValue) talking to \(host) (\(reason))")
        }
    }

    /// The host, with its port when it has one, for messages.
    static func hostName(_ url: URL?) -> String {
        guard let url, let host = url.host else { return "the server" }
        if let port = url.port { return "\(host):\(port)" }
        return host
    }
}
