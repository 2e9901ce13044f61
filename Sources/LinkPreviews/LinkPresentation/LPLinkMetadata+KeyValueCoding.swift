internal import Foundation

#if !canImport(Darwin)
    /// Key-value coding on `LPLinkMetadata`'s own properties, by Apple's names (`originalURL`,
    /// `URL`, `title`, `remoteVideoURL`, `iconProvider`, `imageProvider`, `videoProvider`), for code
    /// that reads or writes them with `value(forKey:)` and `setValue(_:forKey:)`: Foundation on Linux
    /// has no key-value coding, so these two do what Apple's do for these keys, explicitly.
    ///
    /// Where Apple's raise an exception — a key that is not one of these (including the private
    /// `_imageURL` some apps read), or a value of the wrong type — these return `nil` and change
    /// nothing, as this package never ends the process on input.
    extension LPLinkMetadata {
        /// The value of the property `key` names, by Apple's name; `nil` for another key.
        ///
        /// - Parameter key: `originalURL`, `URL`, `title`, `remoteVideoURL`, `iconProvider`,
        ///   `imageProvider` or `videoProvider`.
        /// - Returns: The value, or `nil`.
        public func value(forKey key: String) -> Any? {
            switch key {
            case "originalURL": originalURL
            case "URL": url
            case "title": title
            case "remoteVideoURL": remoteVideoURL
            case "iconProvider": iconProvider
            case "imageProvider": imageProvider
            case "videoProvider": videoProvider
            default: nil
            }
        }

        /// Sets the property `key` names, by Apple's name, when `value` is of its type (a `URL` or
        /// `NSURL` for the URLs, a `String` or `NSString` for the title, an `NSItemProvider` for the
        /// providers) or `nil`; does nothing otherwise.
        ///
        /// - Parameters:
        ///   - value: The new value.
        ///   - key: `originalURL`, `URL`, `title`, `remoteVideoURL`, `iconProvider`,
        ///     `imageProvider` or `videoProvider`.
        public func setValue(_ value: Any?, forKey key: String) {
            func url() -> URL?? {
                guard let value else { return .some(nil) }
                if let url = value as? URL { return url }
                if let url = value as? NSURL { return url as URL }
                return nil
            }
            func provider() -> NSItemProvider?? {
                guard let value else { return .some(nil) }
                return (value as? NSItemProvider).map { .some($0) }
            }
            switch key {
            case "originalURL": if let url = url() { originalURL = url }
            case "URL": if let url = url() { self.url = url }
            case "remoteVideoURL": if let url = url() { remoteVideoURL = url }
            case "title":
                if value == nil {
                    title = nil
                } else if let text = value as? String {
                    title = text
                } else if let text = value as? NSString {
                    title = text as String
                }
            case "iconProvider": if let provider = provider() { iconProvider = provider }
            case "imageProvider": if let provider = provider() { imageProvider = provider }
            case "videoProvider": if let provider = provider() { videoProvider = provider }
            default: break
            }
        }
    }
#endif
