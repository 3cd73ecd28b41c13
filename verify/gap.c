/* Performance parity: the "CUDA gap score" that published CUDA-vs-ROCm
 * comparisons use, (AMD peak / NVIDIA peak - 1) * 100 + (HIP time / CUDA time - 1)
 * * 100, with dense peak TFLOPS from the table below (docs/gap-score.md lists
 * each figure's source). Lower is better for AMD; 0 means parity for the
 * hardware's promise. */
#define _GNU_SOURCE
#include <string.h>
#include <strings.h>

#include "verify.h"

/* Dense (no sparsity) peak TFLOPS at the precision the comparisons quote: the
 * vendors' FP16/BF16 tensor figures. Matched by substring of the name the
 * vendor tool prints. */
static const struct {
  const char *name;
  double tflops;
} peaks[] = {
    {"MI300X", 1307.4}, /* AMD Instinct MI300X datasheet, FP16 dense */
    {"MI325X", 1307.4}, /* AMD Instinct MI325X datasheet, FP16 dense */
    {"MI250X", 383.0},  /* AMD Instinct MI250X datasheet, FP16 */
    {"MI210", 181.0},   /* AMD Instinct MI210 datasheet, FP16 */
    {"H100", 990.0},    /* NVIDIA H100 SXM datasheet, FP16 tensor dense */
    {"H200", 990.0},    /* NVIDIA H200 SXM datasheet, FP16 tensor dense */
    {"B200", 2250.0},   /* NVIDIA B200 datasheet, FP16 tensor dense */
    {"A100", 312.0},    /* NVIDIA A100 datasheet, FP16 tensor dense */
};

bool vf_peak_tflops(const char *gpu, double *tflops) {
  for (size_t i = 0; gpu && i < sizeof peaks / sizeof *peaks; i++)
    if (strcasestr(gpu, peaks[i].name)) {
      *tflops = peaks[i].tflops;
      return true;
    }
  return false;
}

double vf_gap_score(double amd_peak, double nvidia_peak, double hip_ms, double cuda_ms) {
  return (amd_peak / nvidia_peak - 1.0) * 100.0 + (hip_ms / cuda_ms - 1.0) * 100.0;
}
