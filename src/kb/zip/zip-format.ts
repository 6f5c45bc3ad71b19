// The numbers of the ZIP format (PKWARE APPNOTE) that the writer and the reader share.

/** Record signatures. */
export const LOCAL_HEADER = 0x04034b50;
export const DATA_DESCRIPTOR_RECORD = 0x08074b50;
export const CENTRAL_HEADER = 0x02014b50;
export const ZIP64_END = 0x06064b50;
export const ZIP64_LOCATOR = 0x07064b50;
export const END_OF_DIRECTORY = 0x06054b50;

/** Compression methods. */
export const STORE = 0;
export const DEFLATE = 8;

/** General purpose flags. */
export const ENCRYPTED = 0x0001;
export const DATA_DESCRIPTOR = 0x0008;
export const STRONG_ENCRYPTION = 0x0040;
export const UTF8_NAMES = 0x0800;

/** A 16- or 32-bit field at its maximum means "see the ZIP64 record". */
export const MAX_16 = 0xffff;
export const MAX_32 = 0xffffffff;
