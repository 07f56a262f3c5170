#include "png_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

/// The writer's state lives in a struct that setjmp cannot clobber (locals changed after setjmp
/// are indeterminate after the longjmp).
typedef struct hl_png_job {
    png_structp png;
    png_infop info;
} hl_png_job;

/// libpng writes through stdio into `file`, a memory stream: a short write (memory ran out) is
/// libpng's own "Write Error", which lands at the setjmp.
static int hl_png_run(hl_png_job *job, FILE *file, const unsigned char *rgb, uint32_t width, uint32_t height, int level) {
    if (setjmp(png_jmpbuf(job->png))) return 0;
    png_init_io(job->png, file);
    png_set_IHDR(job->png, job->info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(job->png, level < 0 ? 0 : level > 9 ? 9 : level);
    png_write_info(job->png, job->info);
    for (uint32_t y = 0; y < height; y++) png_write_row(job->png, rgb + (size_t)y * width * 3);
    png_write_end(job->png, job->info);
    return 1;
}

int hl_png_encode_rgb(const unsigned char *rgb, uint32_t width, uint32_t height, int level,
                      unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (width == 0 || height == 0 || width > 65535 || height > 65535) return 0;
    char *bytes = NULL;
    size_t size = 0;
    FILE *file = open_memstream(&bytes, &size);
    if (file == NULL) return 0;
    hl_png_job job = {0};
    job.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (job.png != NULL) job.info = png_create_info_struct(job.png);
    int written = job.png != NULL && job.info != NULL && hl_png_run(&job, file, rgb, width, height, level);
    png_destroy_write_struct(&job.png, &job.info);
    // Closing the stream sets `bytes` and `size` for the last time; a failed flush is a failure.
    if (fclose(file) != 0) written = 0;
    if (!written) {
        free(bytes);
        return 0;
    }
    *out = (unsigned char *)bytes;
    *out_size = size;
    return 1;
}

void hl_png_free(void *bytes) { free(bytes); }
