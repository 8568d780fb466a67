import Glibc
import TipsCore

/// The file a notification's image is drawn from, found in the icon themes every desktop has.
///
/// A notification names one icon, and each server looks the name up in a theme of its choosing: GNOME Shell in
/// Adwaita, Plasma in Breeze, mako in hicolor alone. No name is in all of them (Adwaita 43 has no full-colour
/// `audio-input-microphone`, Breeze no `audio-microphone`), so the notifier sends, beside the name, the file of the
/// first name Adwaita or hicolor has, as a `file://` URI in the `image-path` hint, which every server draws as it is.
enum IconFile {
    /// The themes looked in, in order: GNOME's, whose names the catalog's icons are chosen from, then the fallback
    /// theme every system has.
    static let themes = ["Adwaita", "hicolor"]
    /// The sizes looked in, in order: the ones notifications are drawn at, then larger ones, then smaller.
    static let sizes = [
        "48x48", "64x64", "96x96", "128x128", "256x256", "512x512", "32x32", "24x24", "scalable",
    ]

    /// The first of `names` found as a file in ``themes`` under `dataFolders/icons`, with the file's path.
    ///
    /// - Parameters:
    ///   - names: Icon names, in order of preference.
    ///   - dataFolders: The XDG data folders, in order (`$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`).
    static func find(_ names: [String], in dataFolders: [String]) -> (name: String, path: String)? {
        // Names come from the service; only a plain icon name may become part of a path.
        let plain = names.filter { name in
            !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix(".")
                && name.unicodeScalars.allSatisfy { $0 != "/" && $0.value >= 0x20 && $0.value != 0x7f }
        }
        guard !plain.isEmpty else { return nil }
        for name in plain {
            for theme in themes {
                for size in sizes {
                    for folder in dataFolders {
                        if let path = file(named: name, under: "\(folder)/icons/\(theme)/\(size)") {
                            return (name, path)
                        }
                    }
                }
            }
        }
        return nil
    }

    /// `name`'s file in one size folder of a theme, in any of its contexts (`apps`, `devices`, `legacy`, …).
    static func file(named name: String, under sizeFolder: String) -> String? {
        guard let folder = opendir(sizeFolder) else { return nil }
        defer { closedir(folder) }
        var contexts: [String] = []
        while let entry = readdir(folder) {
            let context = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !context.hasPrefix(".") { contexts.append(context) }
        }
        for context in contexts.sorted() {
            for suffix in [".png", ".svg"] {
                let path = "\(sizeFolder)/\(context)/\(name)\(suffix)"
                var status = stat()
                if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return path }
            }
        }
        return nil
    }

    /// `path` as a `file://` URI, each byte outside RFC 3986's unreserved characters and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        "file://" + PercentEncodedPath.encoding(path)
    }
}
