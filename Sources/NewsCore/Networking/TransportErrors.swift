import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns the errors URLSession throws into ours. On Linux a cancelled task throws
/// `URLError.cancelled`, which becomes `CancellationError` when our task was cancelled.
enum TransportErrors {
    static func map(_ error: Error, url: URL?) -> Error {
        if error is CancellationError || error is NewsError { return error }
        let host = hostName(url)
        guard let urlError = error as? URLError else {
            return NewsError.transport(String(describing: error))
        }
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff: return NewsError.offline(host: host)
        case .cannotFindHost, .dnsLookupFailed: return NewsError.cannotFindHost(host: host)
        case .cannotConnectToHost: return NewsError.cannotConnect(host: host)
        case .timedOut: return NewsError.timedOut(host: host)
        case .networkConnectionLost: return NewsError.connectionLost(host: host)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            return NewsError.invalidDocument("\(host) sent a response that is not valid HTTP")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return NewsError.transport("a secure connection to \(host) could not be made")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return NewsError.transport("\(host) redirected too many times")
        case .unsupportedURL, .badURL: return NewsError.unsupportedURL(url?.absoluteString ?? host)
        default: return NewsError.transport("error \(urlError.code.rawValue) talking to \(host)")
        }
    }

    /// The host, with its port when it has one, for messages.
    static func hostName(_ url: URL?) -> String {
        guard let url, let host = url.host else { return "the server" }
        if let port = url.port { return "\(host):\(port)" }
        return host
    }
}
