// What a decoding step returns. The readers never exit or abort: every libpng and libjpeg
// failure comes back as one of these, with a short reason in the reader's message.
#ifndef HEADLINES_IMAGE_STATUS_H
#define HEADLINES_IMAGE_STATUS_H

typedef enum hl_image_status {
    HL_IMAGE_OK = 0,
    /// Corrupt or truncated data; the message says what the library found.
    HL_IMAGE_DAMAGED = 1,
    /// The header claims more pixels than allowed (the size is still reported).
    HL_IMAGE_TOO_LARGE = 2,
    /// Decoding would need more memory than allowed (a large progressive JPEG).
    HL_IMAGE_NEEDS_TOO_MUCH_MEMORY = 3,
    /// The cancel check said stop.
    HL_IMAGE_CANCELLED = 4,
    /// A valid file in a form the reader does not show (an unusual colour space).
    HL_IMAGE_UNSUPPORTED = 5,
    /// malloc failed.
    HL_IMAGE_OUT_OF_MEMORY = 6,
    /// A call out of order (a programming error, reported rather than crashed on).
    HL_IMAGE_MISUSE = 7
} hl_image_status;

/// Asked now and then during long library calls; nonzero means stop. It must return (never
/// throw or jump): the reader unwinds the library itself.
typedef int (*hl_cancel_check)(void);

/// The longest side a preview accepts (JPEG and GIF cannot exceed it anyway). With it a row,
/// and everything sized by the width, stays under a megabyte whatever the pixel budget.
#define HL_IMAGE_MAX_SIDE 65535

/// The length of a reader's message buffer, terminating zero included.
#define HL_IMAGE_MESSAGE_LENGTH 200

#endif
