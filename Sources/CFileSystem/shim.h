// What Swift's Glibc module leaves out for saving a file with everything
// it carries: extended attributes (ACLs are kept as such) and reserving
// room in a file without changing its length.
#ifndef ROUX_FILE_SYSTEM_SHIM_H
#define ROUX_FILE_SYSTEM_SHIM_H

#include <sys/types.h>
#include <sys/xattr.h>
#include <fcntl.h>

extern int fallocate(int fd, int mode, off_t offset, off_t len);

/// FALLOC_FL_KEEP_SIZE: the blocks are reserved, the length stays.
static inline int roux_reserve_space(int fd, long long length) {
    return fallocate(fd, 0x01, 0, (off_t)length);
}

static inline ssize_t roux_list_attributes(int fd, char *names, size_t size) {
    return flistxattr(fd, names, size);
}

static inline ssize_t roux_get_attribute(int fd, const char *name, void *value, size_t size) {
    return fgetxattr(fd, name, value, size);
}

static inline int roux_set_attribute(int fd, const char *name, const void *value, size_t size) {
    return fsetxattr(fd, name, value, size, 0);
}

/// By path, for tests that give a file attributes to keep.
static inline int roux_set_path_attribute(const char *path, const char *name, const void *value, size_t size) {
    return setxattr(path, name, value, size, 0);
}

static inline ssize_t roux_get_path_attribute(const char *path, const char *name, void *value, size_t size) {
    return getxattr(path, name, value, size);
}

extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/// RENAME_EXCHANGE: two names swap their files at once, as a hostile
/// neighbour does to a save in a shared folder (for tests).
static inline int roux_exchange_names(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, 2);
}

#endif
