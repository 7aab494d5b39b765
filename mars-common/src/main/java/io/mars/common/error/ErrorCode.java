package io.mars.common.error;

/** Every error Mars reports, with a stable numeric code and its kind. */
public enum ErrorCode {
    INVALID_ARGUMENT(1, ErrorKind.USER),
    SHAPE_MISMATCH(2, ErrorKind.USER),
    AXIS_OUT_OF_RANGE(3, ErrorKind.USER),
    INVALID_CHUNK_SIZE(4, ErrorKind.USER),
    UNSUPPORTED_DTYPE(5, ErrorKind.USER),
    SESSION_CLOSED(6, ErrorKind.USER),
    NOT_SUPPORTED(7, ErrorKind.USER),
    EMPTY_REDUCTION(8, ErrorKind.USER),
    RESULT_TOO_LARGE(9, ErrorKind.USER),
    UNKNOWN_SESSION(10, ErrorKind.USER),
    UNKNOWN_TILEABLE(11, ErrorKind.USER),
    INVALID_CONFIG(12, ErrorKind.USER),
    USER_CODE_FAILED(13, ErrorKind.USER),
    TASK_CANCELLED(14, ErrorKind.USER),
    INDEX_OUT_OF_RANGE(15, ErrorKind.USER),
    LINALG_ERROR(18, ErrorKind.USER),
    UNAUTHENTICATED(16, ErrorKind.USER),
    /** A dataframe operation names a column the frame does not have. */
    COLUMN_NOT_FOUND(50, ErrorKind.USER),
    /** A numeric aggregation or arithmetic on a column that is not numeric (strings). */
    NON_NUMERIC_AGGREGATION(51, ErrorKind.USER),
    /** Two series or frames that must be row-aligned have different lengths. */
    LENGTH_MISMATCH(52, ErrorKind.USER),
    NO_WORKERS(20, ErrorKind.INSUFFICIENT_RESOURCES),
    ZOOKEEPER_FAILED(40, ErrorKind.EXTERNAL),
    FENCED_BY_NEWER_ATTEMPT(41, ErrorKind.EXTERNAL),
    RPC_FAILED(42, ErrorKind.EXTERNAL),
    SERIALIZATION_FAILED(30, ErrorKind.INTERNAL),
    SUBTASK_FAILED(31, ErrorKind.INTERNAL),
    CHUNK_NOT_FOUND(32, ErrorKind.INTERNAL),
    WORKER_LOST(34, ErrorKind.INTERNAL),
    ILLEGAL_STATE_TRANSITION(33, ErrorKind.INTERNAL),
    /** A stored chunk cannot be read back (its spill file is corrupted or gone); it has to be recomputed. */
    CHUNK_LOST(35, ErrorKind.EXTERNAL),
    /** A worker cannot write a chunk to any spill level (every disk full or failed, HDFS unreachable). */
    SPILL_FAILED(43, ErrorKind.EXTERNAL),
    /** A worker's memory quota and every spill level are full: the job needs more memory or disk than it was given. */
    STORAGE_FULL(44, ErrorKind.INSUFFICIENT_RESOURCES),
    /**
     * A subtask would hold more memory at once (its inputs and what it computes) than the smallest worker offers: the
     * chunks are too large for the workers; found before anything runs.
     */
    WORKING_SET_TOO_LARGE(45, ErrorKind.INSUFFICIENT_RESOURCES),
    /**
     * The supervisor ran out of heap while tiling or fusing a task (its chunk graph is larger than the AM's memory
     * holds): the task fails instead of hanging; give the AM more memory or make the chunks larger.
     */
    SUPERVISOR_OUT_OF_MEMORY(46, ErrorKind.INSUFFICIENT_RESOURCES),
    INTERNAL_ERROR(99, ErrorKind.INTERNAL),
    // dataframe operations (codes 65-69)
    /** A merge names a key column that one of the two frames does not have. */
    MERGE_KEY_NOT_FOUND(65, ErrorKind.USER),
    /** A merge that cannot be done as asked: an unknown {@code how}, no keys, or keys of types that cannot match. */
    INVALID_MERGE(66, ErrorKind.USER),
    // dataframe IO error codes (60-64)
    /** A CSV row that cannot be read: too many fields, or a value that is not of its column's dtype. */
    CSV_MALFORMED_ROW(60, ErrorKind.USER),
    /** A path, directory or glob given to a reader that matches no file. */
    PATH_NOT_FOUND(61, ErrorKind.USER),
    /** Reading or writing a file failed in the file system (HDFS or local disk). */
    FILE_IO_FAILED(62, ErrorKind.EXTERNAL),
    /** A file whose layout or types the reader does not support (nested Parquet columns, an unknown codec). */
    UNSUPPORTED_FILE_FORMAT(63, ErrorKind.USER),
    /** A read filter that cannot apply: an unknown comparison, or a literal of the wrong type for its column. */
    INVALID_FILTER(64, ErrorKind.USER),
    // row label (index) error codes (70-71)
    /** A label asked of {@code loc} that the index does not hold (pandas' KeyError). */
    LABEL_NOT_FOUND(70, ErrorKind.USER),
    /** Row labels that cannot be combined or made as asked (concat of different label types, a reset that clashes). */
    INVALID_INDEX(71, ErrorKind.USER),
    // dataframe output error codes (72)
    /**
     * A write's target that the write may not use: a directory already holding files when the write mode is
     * ERROR_IF_EXISTS (the default), or a file where a directory of part files is to go.
     */
    OUTPUT_EXISTS(72, ErrorKind.USER),
    // machine learning (io.mars.learn) error codes (80-89)
    /** The arrays given to one fit or metric have different numbers of rows (samples): X and y, y_true and y_pred. */
    INCONSISTENT_SAMPLES(80, ErrorKind.USER),
    /** An estimator's input holds NaN or an infinity, which it cannot fit or predict on (scikit-learn refuses too). */
    NON_FINITE_INPUT(81, ErrorKind.USER),
    /** predict, transform or a fitted attribute asked of an estimator that has not been fitted. */
    NOT_FITTED(82, ErrorKind.USER),
    /** Fewer samples than the estimator needs: KMeans with more clusters than rows. */
    TOO_FEW_SAMPLES(83, ErrorKind.USER),
    // user functions (mapChunk, mapPartitions, Series.map/apply) error codes (90-92)
    /**
     * A user function that cannot be sent to the workers: it (or something it captures) is not serializable. Raised
     * when the expression is built, naming the function's class and what Java serialization refused.
     */
    USER_FUNCTION_NOT_SERIALIZABLE(90, ErrorKind.USER),
    /**
     * A user function threw (or returned what its operation cannot take) while a chunk ran; the message holds its
     * exception and stack trace.
     */
    USER_FUNCTION_FAILED(91, ErrorKind.USER),
    /**
     * A user function whose class the worker cannot load: the job's jar did not reach the workers, or a class it
     * needs is missing there.
     */
    USER_FUNCTION_CLASS_NOT_FOUND(92, ErrorKind.USER);

    private final int code;
    private final ErrorKind kind;

    ErrorCode(int code, ErrorKind kind) {
        this.code = code;
        this.kind = kind;
    }

    public int code() {
        return code;
    }

    public ErrorKind kind() {
        return kind;
    }
}
