// libjpeg's default error handler calls exit(); ours records the reason and longjmps to the
// setjmp at the top of whichever hl_jpeg_* function is running, which returns a status. Data
// errors that libjpeg only warns about (a truncated file is padded with grey) are failures here.
#include "jpeg_reader.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct hl_jpeg_error {
    struct jpeg_error_mgr base;  // first, so libjpeg's pointer to it is a pointer to this
    jmp_buf jump;
};

struct hl_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    struct hl_jpeg_error error;
    struct jpeg_progress_mgr progress;
    const unsigned char *data;
    size_t size;
    uint64_t max_pixels;
    size_t max_memory;
    hl_cancel_check cancelled;
    hl_image_status failure;  // what the handler that jumped found
    int stage;                // 0 created, 1 header read, 2 started, -1 failed
    unsigned char *cmyk_row;  // CMYK files are read into this and converted
    char message[HL_IMAGE_MESSAGE_LENGTH];
};

static hl_jpeg_reader *hl_jpeg_owner(j_common_ptr cinfo) {
    // The decompress struct is the reader's first member.
    return (hl_jpeg_reader *)(void *)cinfo;
}

/// Records why decoding stops and jumps back to the running hl_jpeg_* function.
static void hl_jpeg_fail(j_common_ptr cinfo, hl_image_status status) {
    hl_jpeg_reader *reader = hl_jpeg_owner(cinfo);
    reader->failure = status;
    if (reader->message[0] == '\0') {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        snprintf(reader->message, sizeof reader->message, "%s", text);
    }
    longjmp(reader->error.jump, 1);
}

static void hl_jpeg_on_error_exit(j_common_ptr cinfo) {
    switch (cinfo->err->msg_code) {
    case JERR_OUT_OF_MEMORY:
    case JERR_NO_BACKING_STORE:  // a virtual array would pass max_memory_to_use
        hl_jpeg_fail(cinfo, HL_IMAGE_NEEDS_TOO_MUCH_MEMORY);
        break;
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_BAD_PRECISION:  // 12-bit JPEG: a valid file this libjpeg build does not read
        hl_jpeg_fail(cinfo, HL_IMAGE_UNSUPPORTED);
        break;
    default:
        hl_jpeg_fail(cinfo, HL_IMAGE_DAMAGED);
    }
}

static void hl_jpeg_on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace messages
    switch (cinfo->err->msg_code) {
    case JWRN_JPEG_EOF: {
        hl_jpeg_reader *reader = hl_jpeg_owner(cinfo);
        snprintf(reader->message, sizeof reader->message, "JPEG data ends early");
        hl_jpeg_fail(cinfo, HL_IMAGE_DAMAGED);
        break;
    }
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
        hl_jpeg_fail(cinfo, HL_IMAGE_DAMAGED);
        break;
    default:
        break;  // an unknown JFIF revision, extra bytes before a marker: still a picture
    }
}

static void hl_jpeg_on_progress(j_common_ptr cinfo) {
    hl_jpeg_reader *reader = hl_jpeg_owner(cinfo);
    if (reader->cancelled != NULL && reader->cancelled()) {
        snprintf(reader->message, sizeof reader->message, "cancelled");
        hl_jpeg_fail(cinfo, HL_IMAGE_CANCELLED);
    }
    if (reader->cinfo.input_scan_number > HL_JPEG_MAX_SCANS) {
        snprintf(reader->message, sizeof reader->message, "JPEG has more than %d scans", HL_JPEG_MAX_SCANS);
        hl_jpeg_fail(cinfo, HL_IMAGE_DAMAGED);
    }
}

hl_jpeg_reader *hl_jpeg_create(const unsigned char *data, size_t size, uint64_t max_pixels,
                               size_t max_memory, hl_cancel_check cancelled) {
    hl_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->data = data;
    reader->size = size;
    reader->max_pixels = max_pixels;
    reader->max_memory = max_memory;
    reader->cancelled = cancelled;
    reader->cinfo.err = jpeg_std_error(&reader->error.base);
    reader->error.base.error_exit = hl_jpeg_on_error_exit;
    reader->error.base.emit_message = hl_jpeg_on_message;
    if (setjmp(reader->error.jump)) {  // jpeg_create_decompress fails only when out of memory
        jpeg_destroy_decompress(&reader->cinfo);
        free(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->cinfo.mem->max_memory_to_use = (long)max_memory;
    reader->progress.progress_monitor = hl_jpeg_on_progress;
    reader->cinfo.progress = &reader->progress;
    return reader;
}

/// What libjpeg's whole-image coefficient buffers will take, known once the header is read: a
/// progressive (or multi-scan) file keeps every 8×8 block of every component, 64 coefficients
/// of 2 bytes, until its last scan, whatever the output scale. 0 for a single-scan file, which
/// is decoded an iMCU row at a time.
static uint64_t hl_jpeg_coefficient_bytes(const struct jpeg_decompress_struct *cinfo) {
    if (!cinfo->progressive_mode && cinfo->comps_in_scan >= cinfo->num_components) return 0;
    uint64_t total = 0;
    for (int i = 0; i < cinfo->num_components; i++) {
        const jpeg_component_info *component = &cinfo->comp_info[i];
        // As jdcoefct.c sizes them: whole iMCUs, so rounded up to the sampling factors.
        uint64_t h = component->h_samp_factor > 0 ? (uint64_t)component->h_samp_factor : 1;
        uint64_t v = component->v_samp_factor > 0 ? (uint64_t)component->v_samp_factor : 1;
        uint64_t columns = (component->width_in_blocks + h - 1) / h * h;
        uint64_t rows = (component->height_in_blocks + v - 1) / v * v;
        total += columns * rows * sizeof(JBLOCK);
    }
    return total;
}

hl_image_status hl_jpeg_read_header(hl_jpeg_reader *reader, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    if (reader->stage != 0) return HL_IMAGE_MISUSE;
    if (setjmp(reader->error.jump)) {
        reader->stage = -1;
        return reader->failure;
    }
    jpeg_mem_src(&reader->cinfo, reader->data, (unsigned long)reader->size);
    jpeg_read_header(&reader->cinfo, TRUE);
    *width = reader->cinfo.image_width;
    *height = reader->cinfo.image_height;
    if ((uint64_t)reader->cinfo.image_width * reader->cinfo.image_height > reader->max_pixels) {
        reader->stage = -1;
        return HL_IMAGE_TOO_LARGE;
    }
    // Refused here, before jpeg_start_decompress allocates them: max_memory_to_use alone would
    // let libjpeg take (and touch) everything up to the limit first.
    uint64_t coefficients = hl_jpeg_coefficient_bytes(&reader->cinfo);
    if (coefficients > reader->max_memory) {
        snprintf(reader->message, sizeof reader->message, "a progressive JPEG of %ux%u pixels needs %llu MiB",
                 reader->cinfo.image_width, reader->cinfo.image_height,
                 (unsigned long long)((coefficients + (1u << 20) - 1) >> 20));
        reader->stage = -1;
        return HL_IMAGE_NEEDS_TOO_MUCH_MEMORY;
    }
    reader->stage = 1;
    return HL_IMAGE_OK;
}

hl_image_status hl_jpeg_start(hl_jpeg_reader *reader, unsigned scale_denominator,
                              uint32_t *output_width, uint32_t *output_height) {
    *output_width = 0;
    *output_height = 0;
    if (reader->stage != 1) return HL_IMAGE_MISUSE;
    if (scale_denominator != 1 && scale_denominator != 2 && scale_denominator != 4 && scale_denominator != 8) {
        return HL_IMAGE_MISUSE;
    }
    if (setjmp(reader->error.jump)) {
        reader->stage = -1;
        return reader->failure;
    }
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    cinfo->scale_num = 1;
    cinfo->scale_denom = scale_denominator;
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_RGB;  // libjpeg turns grey into RGB itself
    jpeg_start_decompress(cinfo);
    if (cmyk) {
        reader->cmyk_row = malloc((size_t)cinfo->output_width * 4);
        if (reader->cmyk_row == NULL) {
            reader->stage = -1;
            return HL_IMAGE_OUT_OF_MEMORY;
        }
    }
    *output_width = cinfo->output_width;
    *output_height = cinfo->output_height;
    reader->stage = 2;
    return HL_IMAGE_OK;
}

/// CMYK as Adobe writes it (inverted: 255 is no ink) or plain, to RGB.
static void hl_jpeg_cmyk_to_rgb(const hl_jpeg_reader *reader, unsigned char *rgb) {
    const unsigned char *source = reader->cmyk_row;
    int inverted = reader->cinfo.saw_Adobe_marker;
    for (JDIMENSION i = 0; i < reader->cinfo.output_width; i++, source += 4, rgb += 3) {
        unsigned k = inverted ? source[3] : 255u - source[3];
        for (int c = 0; c < 3; c++) {
            unsigned ink = inverted ? source[c] : 255u - source[c];
            rgb[c] = (unsigned char)((ink * k + 127) / 255);
        }
    }
}

hl_image_status hl_jpeg_read_rows(hl_jpeg_reader *reader, unsigned char *rgb, size_t stride,
                                  uint32_t max_rows, uint32_t *rows_read) {
    *rows_read = 0;
    if (rgb == NULL || reader->stage != 2 || max_rows > 16) return HL_IMAGE_MISUSE;
    if (setjmp(reader->error.jump)) {
        reader->stage = -1;
        return reader->failure;
    }
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    uint32_t count = 0;
    while (count < max_rows && cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION read;
        if (reader->cmyk_row != NULL) {
            JSAMPROW row = reader->cmyk_row;
            read = jpeg_read_scanlines(cinfo, &row, 1);
            if (read == 1) hl_jpeg_cmyk_to_rgb(reader, rgb + (size_t)count * stride);
        } else {
            JSAMPROW rows[16];
            for (uint32_t i = count; i < max_rows; i++) rows[i - count] = rgb + (size_t)i * stride;
            read = jpeg_read_scanlines(cinfo, rows, max_rows - count);
        }
        if (read == 0) {  // only a suspending source returns nothing, and ours never suspends
            snprintf(reader->message, sizeof reader->message, "JPEG decoder stalled");
            reader->stage = -1;
            return HL_IMAGE_DAMAGED;
        }
        count += read;
    }
    *rows_read = count;
    return HL_IMAGE_OK;
}

const char *hl_jpeg_message(const hl_jpeg_reader *reader) {
    return reader->message;
}

void hl_jpeg_destroy(hl_jpeg_reader *reader) {
    if (reader == NULL) return;
    jpeg_destroy_decompress(&reader->cinfo);
    free(reader->cmyk_row);
    free(reader);
}
