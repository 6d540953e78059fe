/* strata-tune tune --mpi: the candidates of each search batch measured on
 * every MPI rank (mpirun), rank 0 included, while rank 0 alone runs the
 * search, the task scheduler and the database. See tune_mpi.c and
 * docs/distributed-tuning.md. */
#ifndef STRATA_TOOLS_TUNE_MPI_H
#define STRATA_TOOLS_TUNE_MPI_H

#include <stdbool.h>

#include "passes/te/te_tune_model.h"

/* Whether this build has MPI (CMake found it). */
bool strata_tune_mpi_available(void);

/* MPI_Init, then the target check: every rank sends rank 0 its own target
 * string (strata_te_tuning_target of target_option). Unless target_given
 * (--target: the ranks are declared the same target), a rank whose target
 * differs from rank 0's is refused: rank 0 says so and never sends it a
 * candidate, and the rank returns with *accepted false. Sets *rank and
 * *size. False with *error when MPI is missing or fails to start. */
bool strata_tune_mpi_start(int *argc, char ***argv, const char *target_option,
                           bool target_given, int *rank, int *size, bool *accepted,
                           char **error);

/* Rank 0: the measure_batch hook of strata_tune_model_options_t (user is
 * ignored). The batch is spread over the accepted ranks, one candidate
 * each at a time; rank 0 measures too, in a child process of its own. A
 * rank that does not answer within the timeout + 5 s (dead or hung) costs
 * its candidate (an error record) and gets no more. */
void strata_tune_mpi_measure_batch(void *user, strata_tune_kernel_t *k,
                                   const strata_choice_t *candidates, int n, bool *oks,
                                   double *latencies, char **errors);

/* The other ranks: measure what rank 0 sends, in the model's kernels (built
 * from the same module and options as rank 0's), until told to stop. */
void strata_tune_mpi_serve(strata_tune_model_t *m);

/* Ends the MPI run with the process's exit status: rank 0 stops the
 * workers; when a rank stopped answering it aborts the job (a hung rank
 * would keep mpirun waiting) with that status. */
void strata_tune_mpi_finish(int status);

/* How many of the run's `trials` each rank measured (at rank 0, after the
 * run), as "rank 0: 12, rank 1: 11" (and "; N lost with their rank");
 * "" elsewhere. Static storage. */
const char *strata_tune_mpi_summary(int trials);

#endif
