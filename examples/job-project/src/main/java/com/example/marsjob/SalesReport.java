package com.example.marsjob;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.random;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.tensor.Index;   // the tensor one; io.mars.dataframe has an Index too
import io.mars.tensor.Tensor;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.util.List;

/**
 * An example Mars job: a DataFrame aggregation and a tensor computation in one session. Submit it with
 * {@code bin/mars-submit --class com.example.marsjob.SalesReport mars-job-example.jar [points]}.
 */
public final class SalesReport {
    private SalesReport() {
    }

    public static void main(String[] args) {
        long points = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        try (Session session = Session.getOrCreate()) {       // the master mars-submit was given
            DataFrame sales = DataFrames.fromRows(List.of("region", "units", "price"), List.of(
                    List.of("north", 3, 2.5), List.of("south", 1, 4.0), List.of("north", 2, 3.0),
                    List.of("east", 5, 1.25), List.of("south", 4, 4.5), List.of("east", 1, 2.0)), 2);
            DataFrame revenue = sales.assign("revenue", sales.col("units").multiply(sales.col("price")));
            LocalTable byRegion = revenue.groupBy("region").sum().execute(session);
            System.out.println("revenue by region:");
            System.out.println(byRegion);

            // pi from random points in the unit square: the share inside the quarter circle, times 4
            Tensor xy = random(42).rand(shape(points, 2), chunks(points / 4, 2));
            Tensor x = xy.get(Index.all(), Index.at(0));
            Tensor y = xy.get(Index.all(), Index.at(1));
            NDArray inside = x.multiply(x).add(y.multiply(y)).lessEqual(1.0).mean().execute(session);
            System.out.printf("pi is about %.4f (%d points)%n", 4 * inside.getDouble(), points);
        }
    }
}
