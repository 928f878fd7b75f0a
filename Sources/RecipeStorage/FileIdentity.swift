import CFileSystem
import Foundation

/// What a file is besides its bytes: its owner and group, its permissions,
/// its extended attributes (POSIX ACLs among them) and how many names it
/// has. A save gives the new file all of it, or writes in place.
struct FileIdentity {
    var owner: uid_t
    var group: gid_t
    var mode: mode_t
    var links: Int
    var attributes: [(name: String, value: [UInt8])]

    /// The identity of the open file `fd` (nil when it cannot be read).
    static func of(descriptor fd: Int32) -> FileIdentity? {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        return FileIdentity(owner: status.st_uid, group: status.st_gid, mode: status.st_mode & 0o7777,
                            links: Int(status.st_nlink), attributes: extendedAttributes(of: fd))
    }

    /// Whether a new file this process creates can be given all of it, so a
    /// rename over the original changes nothing but the bytes: only root can
    /// give a file to someone else or to a group it is not in, and a rename
    /// gives the other names of a hard-linked file nothing.
    var survivesRename: Bool {
        guard links <= 1 else { return false }
        if geteuid() == 0 { return true }
        return owner == geteuid() && Self.isOurGroup(group)
    }

    private static func isOurGroup(_ group: gid_t) -> Bool {
        if getegid() == group { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return filled > 0 && groups[..<Int(filled)].contains(group)
    }

    /// Reserves room for `length` bytes in `fd` without changing its length;
    /// true also where the file system cannot (the writes then find out).
    static func reserve(_ fd: Int32, length: off_t) -> Bool {
        if roux_reserve_space(fd, Int64(length)) == 0 { return true }
        return errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL
    }

    /// Gives the new file `fd` this identity: owner and group (root, or a
    /// group of ours), permissions, attributes. Returns the step and error of
    /// the first that failed.
    func apply(to fd: Int32, faults: SaveFaults) -> (SaveStep, Int32)? {
        if let code = faults.before(.setOwner, 0) { return (.setOwner, code) }
        var status = stat()
        fstat(fd, &status)
        if status.st_uid != owner || status.st_gid != group {
            let newOwner = geteuid() == 0 ? owner : uid_t.max // (uid_t)-1 keeps it
            if fchown(fd, newOwner, group) != 0 { return (.setOwner, errno) }
        }
        if let code = faults.before(.setMode, 0) { return (.setMode, code) }
        if fchmod(fd, mode) != 0 { return (.setMode, errno) }
        if let code = faults.before(.copyAttributes, 0) { return (.copyAttributes, code) }
        for attribute in attributes {
            let result = attribute.value.withUnsafeBytes { roux_set_attribute(fd, attribute.name, $0.baseAddress, $0.count) }
            // A file system without extended attributes had none to give either.
            if result != 0, errno != ENOTSUP { return (.copyAttributes, errno) }
        }
        return nil
    }

    private static func extendedAttributes(of fd: Int32) -> [(name: String, value: [UInt8])] {
        let size = roux_list_attributes(fd, nil, 0)
        guard size > 0 else { return [] }
        var names = [CChar](repeating: 0, count: size)
        let listed = roux_list_attributes(fd, &names, size)
        guard listed > 0 else { return [] }
        var result: [(name: String, value: [UInt8])] = []
        for raw in names[..<listed].split(separator: 0) {
            let name = String(decoding: raw.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let length = roux_get_attribute(fd, name, nil, 0)
            guard length >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: length)
            let read = value.withUnsafeMutableBytes { roux_get_attribute(fd, name, $0.baseAddress, length) }
            if read >= 0 { result.append((name, Array(value[..<read]))) }
        }
        return result
    }
}
