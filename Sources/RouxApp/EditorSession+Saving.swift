import Foundation
public import RecipeStorage
import Recipes
import RecipeFormats

/// Saving to the file the recipe came from or to a new one, and noticing
/// what happened to that file meanwhile.
extension EditorSession {
    public enum SaveOutcome: Equatable {
        case saved(dropped: [String])
        case conflict
        case needsConsent
        /// Edited lines would lose formatting Roux does not show (file lines).
        case dropsFormatting([Int])
        case failed(String)
        case noPath
    }

    /// A file this user cannot write, or that no one is meant to (no write
    /// bit: root could write it anyway, as vim warns).
    static func isReadOnly(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return access(path, W_OK) != 0 || status.st_mode & 0o222 == 0
    }

    /// Saves to the file it came from, atomically; refuses on conflict or
    /// when invalid UTF-8 would be replaced, unless `force`.
    public func save(force: Bool = false, droppingFormatting: Bool = false) -> SaveOutcome {
        guard let path else { return .noPath }
        return write(to: path, format: format, expected: fingerprint, checkConflicts: !force, force: force,
                     droppingFormatting: force || droppingFormatting)
    }

    /// Saves under a new name (in the format its extension names), which
    /// becomes the open file. `replacing`: the user agreed to replace a file there.
    public func saveAs(_ newPath: String, replacing: Bool) -> SaveOutcome {
        let newFormat = RecipeFormat(path: newPath)
        // Under the open file's own name, the file must still be as it was
        // read or saved: another program's save there is a conflict.
        let onDisk = FileFingerprint.of(path: newPath)
        let expected = onDisk != nil && isOpenFile(newPath) ? fingerprint : onDisk
        // Into another format, the recipe as that format says it (Cooklang's
        // steps apart, its title in the front matter): what the file will hold.
        let converted = newFormat == .cooklang && format != .cooklang ? recipe.convertedToCooklang() : nil
        let outcome = write(to: newPath, format: newFormat, expected: expected,
                            checkConflicts: !replacing, force: true, droppingFormatting: true, converted: converted)
        if case .saved = outcome {
            path = newPath
            format = newFormat
            isReadOnly = Self.isReadOnly(newPath)
        }
        return outcome
    }

    private func write(to target: String, format targetFormat: RecipeFormat, expected: FileFingerprint?,
                       checkConflicts: Bool, force: Bool, droppingFormatting: Bool, converted: Recipe? = nil) -> SaveOutcome {
        finishLoading()
        syncTitleWithHeading()
        do {
            let saved = try RecipeFiles.save(
                converted ?? recipe, as: targetFormat, to: target, expected: expected, checkConflicts: checkConflicts,
                allowLossy: force, lossy: savingIsLossy, allowDroppingFormatting: droppingFormatting)
            fingerprint = saved.fingerprint
            // The next save copies the lines it has just written (none of
            // this text's, after a conversion: the editor reads the new file).
            recipe.document.sourceMap = converted == nil ? saved.sourceMap : nil
            recipe.firstBodyLine = saved.firstBodyLine
            // Invalid UTF-8 copied with the lines not edited is still in the file.
            savingIsLossy = savingIsLossy && saved.copiedLines
            convertsOnSave = false
            savedEditState = recipe.document.markSaved()
            savedIngredients = recipe.ingredients
            savedMetadata = recipe.metadata
            diskChangeReported = false
            return .saved(dropped: saved.dropped)
        } catch {
            switch error {
            case .conflict: return .conflict
            case .needsConsent: return .needsConsent
            case .dropsFormatting(_, let lines): return .dropsFormatting(lines)
            case .failed(let failure): return .failed(failure.reasonFirst)
            }
        }
    }

    /// Whether `other` names the open file (its path, or another name of
    /// the same file: a link, `./`).
    public func isOpenFile(_ other: String) -> Bool {
        guard let path else { return false }
        if other == path { return true }
        var mine = stat()
        var theirs = stat()
        guard stat(path, &mine) == 0, stat(other, &theirs) == 0 else { return false }
        return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }

    /// Whether the open file is on disk as it was read or last saved.
    public var fileIsAsRead: Bool {
        guard let path, let fingerprint else { return false }
        return fingerprint.matches(path: path)
    }

    /// Whether the file changed on disk since it was read or saved, as a
    /// `stat` sees it: checked every few seconds while the editor is idle.
    /// True once per change (the caller says so to the user).
    public func noticeDiskChange() -> Bool {
        guard let path, let fingerprint, !diskChangeReported, fingerprint.statChanged(path: path) else { return false }
        diskChangeReported = true
        return true
    }

    /// Work restored from a recovery file was based on the file as
    /// `fingerprint` says: if another program changed it since, the next
    /// save asks instead of overwriting that change.
    public func restoredWork(basedOn fingerprint: FileFingerprint) {
        self.fingerprint = fingerprint
        diskChangeReported = false
    }

    /// The file was renamed on disk (from the recipe list).
    func fileMoved(to newPath: String) {
        path = newPath
        fingerprint = FileFingerprint.of(path: newPath)
        isReadOnly = Self.isReadOnly(newPath)
        // A rename keeps the file's bytes: its lines can still be copied.
        recipe.document.sourceMap?.file = newPath
    }
}
