extension String {
    /// The text without spaces, tabs and carriage returns at either end.
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" && $0 != "\r" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
