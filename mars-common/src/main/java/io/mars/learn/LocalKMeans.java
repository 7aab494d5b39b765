package io.mars.learn;

import java.util.SplittableRandom;

/**
 * Weighted k-means on a few points held by the client: k-means||'s last step, which turns its samples (each weighted
 * by the rows nearest it) into k centres. Weighted k-means++ seeding (each next centre drawn with probability
 * proportional to weight times squared distance), then weighted Lloyd iterations until the centres stop moving. A
 * centre left without points keeps its place.
 */
final class LocalKMeans {
    /** Lloyd iterations at most: the points are few, and the cluster's Lloyd iterations follow anyway. */
    private static final int MAX_ITER = 100;

    private LocalKMeans() {
    }

    static double[][] fit(double[][] points, double[] weights, int k, SplittableRandom random, int features) {
        double[][] centres = seed(points, weights, k, random, features);
        int[] labels = new int[points.length];
        for (int iter = 0; iter < MAX_ITER; iter++) {
            boolean changed = false;
            for (int i = 0; i < points.length; i++) {
                int nearest = nearest(points[i], centres);
                changed |= iter == 0 || nearest != labels[i];
                labels[i] = nearest;
            }
            if (!changed) {
                break;
            }
            double[][] sums = new double[k][features];
            double[] mass = new double[k];
            for (int i = 0; i < points.length; i++) {
                mass[labels[i]] += weights[i];
                for (int j = 0; j < features; j++) {
                    sums[labels[i]][j] += weights[i] * points[i][j];
                }
            }
            for (int c = 0; c < k; c++) {
                if (mass[c] > 0) {
                    for (int j = 0; j < features; j++) {
                        centres[c][j] = sums[c][j] / mass[c];
                    }
                }
            }
        }
        return centres;
    }

    private static double[][] seed(double[][] points, double[] weights, int k, SplittableRandom random,
                                   int features) {
        double[][] centres = new double[k][];
        centres[0] = points[draw(weights, random)].clone();
        double[] nearest = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            nearest[i] = squaredDistance(points[i], centres[0]);
        }
        for (int c = 1; c < k; c++) {
            double[] mass = new double[points.length];
            for (int i = 0; i < points.length; i++) {
                mass[i] = weights[i] * nearest[i];
            }
            int pick = draw(mass, random);
            if (pick < 0) {
                // every point with weight is a centre already: take a point not yet chosen, by weight
                pick = draw(weights, random);
            }
            centres[c] = points[pick].clone();
            for (int i = 0; i < points.length; i++) {
                nearest[i] = Math.min(nearest[i], squaredDistance(points[i], centres[c]));
            }
        }
        return centres;
    }

    /** An index drawn with probability proportional to {@code mass}, or -1 when all of it is 0. */
    private static int draw(double[] mass, SplittableRandom random) {
        double total = 0;
        for (double m : mass) {
            total += m;
        }
        if (!(total > 0)) {
            return -1;
        }
        double target = random.nextDouble() * total;
        double acc = 0;
        int last = -1;
        for (int i = 0; i < mass.length; i++) {
            if (mass[i] > 0) {
                acc += mass[i];
                last = i;
                if (acc > target) {
                    return i;
                }
            }
        }
        return last;
    }

    private static int nearest(double[] p, double[][] centres) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centres.length; c++) {
            double d = squaredDistance(p, centres[c]);
            if (d < bestD) {
                bestD = d;
                best = c;
            }
        }
        return best;
    }

    /** The squared Euclidean distance of two points (KMeans' centre shifts and moves use it too). */
    static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            double d = a[j] - b[j];
            s += d * d;
        }
        return s;
    }
}
