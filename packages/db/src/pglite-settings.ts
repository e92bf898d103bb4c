/**
 * PGlite's settings, shared by the app and the bench's floor (the same database on both sides).
 * PGlite's default shared_buffers (128 MB) is memory the process holds for its lifetime. Pages
 * outside the buffers are read from files the OS caches anyway: 32 MB keeps the same insert rate
 * for much less RSS.
 */
export const pgliteOptions = { postgresqlconf: ['shared_buffers=32MB'] };
