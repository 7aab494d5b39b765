package io.mars.it.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of the main code, as README's "How it works" states it: value types at the bottom, then the model,
 * the engine, the wire and the kernels, none of which may know the user API; machine learning ({@code io.mars.learn})
 * on top of the user API, which never knows it; the AM never reaches into the worker; and no cycles between packages.
 */
@AnalyzeClasses(packages = "io.mars", importOptions = {ImportOption.DoNotIncludeTests.class,
        LayeringTest.NoTestJars.class})
class LayeringTest {
    /** Leaves out the test jars of other modules (e.g. mars-am's), which Maven's test-classes pattern misses. */
    static final class NoTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar") && !location.contains("/test-classes/");
        }
    }

    /** What a user's program imports: the session, tensors and dataframes. */
    private static final String[] USER_API = {"io.mars", "io.mars.tensor..", "io.mars.dataframe.."};
    /** Estimators built on the user API, as scikit-learn on numpy and pandas. */
    private static final String LEARN = "io.mars.learn..";

    @ArchTest
    static final ArchRule valueTypesDependOnlyOnErrors = classes().that().resideInAPackage("io.mars.types..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.mars.types..", "io.mars.common.error..",
                    "java..");

    @ArchTest
    static final ArchRule theEngineNeverKnowsTheUserApi = noClasses().that().resideInAnyPackage(
                    "io.mars.common.model..", "io.mars.common.graph..", "io.mars.common.operand..",
                    "io.mars.common.tiling..", "io.mars.common.optimize..", "io.mars.common.wire..",
                    "io.mars.common.rpc..", "io.mars.common.table..", "io.mars.common.io..",
                    "io.mars.container..")
            .should().dependOnClassesThat().resideInAnyPackage(USER_API)
            .orShould().dependOnClassesThat().resideInAPackage(LEARN);

    /**
     * Inside mars-common: each layer uses only those below it (wire and RPC may use the engine, as the AM does), and
     * machine learning uses only the user API and the value types (and the errors), never the engine beneath them.
     */
    @ArchTest
    static final ArchRule mainLayersRunOneWay = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("types").definedBy("io.mars.types..")
            .layer("model").definedBy("io.mars.common.model..", "io.mars.common.graph..", "io.mars.common.operand..")
            .layer("engine").definedBy("io.mars.common.tiling..", "io.mars.common.optimize..")
            .layer("wire").definedBy("io.mars.common.wire..", "io.mars.common.rpc..")
            .layer("user API").definedBy(USER_API)
            .layer("learn").definedBy(LEARN)
            .whereLayer("learn").mayNotBeAccessedByAnyLayer()
            .whereLayer("user API").mayOnlyBeAccessedByLayers("learn")
            .whereLayer("wire").mayOnlyBeAccessedByLayers("user API")
            .whereLayer("engine").mayOnlyBeAccessedByLayers("wire", "user API")
            .whereLayer("model").mayOnlyBeAccessedByLayers("engine", "wire", "user API")
            .whereLayer("types").mayOnlyBeAccessedByLayers("model", "engine", "wire", "user API", "learn");

    @ArchTest
    static final ArchRule theAmNeverReachesIntoTheWorker = noClasses().that().resideInAPackage("io.mars.am..")
            .should().dependOnClassesThat().resideInAPackage("io.mars.container..");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("io.mars.(**)").should().beFreeOfCycles();
}
