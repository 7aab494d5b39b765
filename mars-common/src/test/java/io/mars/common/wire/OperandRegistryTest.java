package io.mars.common.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class OperandRegistryTest {
    private static final List<String> OPERAND_PACKAGES = List.of(
            "io.mars.common.operand.tensor", "io.mars.common.operand.chunk", "io.mars.common.operand.dataframe");

    @Test
    void listsEveryOperandRecordOfTheTensorAndChunkPackages() throws Exception {
        List<Class<?>> found = new ArrayList<>();
        for (String pkg : OPERAND_PACKAGES) {
            found.addAll(operandRecordsIn(pkg));
        }

        assertThat(found).as("operand records found on the classpath").isNotEmpty();
        List<Class<?>> registered = new ArrayList<>(OperandRegistry.operands());
        assertThat(registered).as("OperandRegistry.OPERANDS").containsAll(found);
    }

    @Test
    void findsEveryRegisteredClassByItsWireName() {
        for (Class<? extends Operand> c : OperandRegistry.operands()) {
            String wireName = c.getAnnotation(WireName.class).value();
            assertThat(OperandRegistry.classOf(wireName)).isEqualTo(c);
            assertThat(OperandRegistry.isRegistered(c)).isTrue();
        }
        assertThat(OperandRegistry.find("no.such.op")).isEmpty();
    }

    /** Record classes implementing Operand in a package directory of the compiled classes. */
    private static List<Class<?>> operandRecordsIn(String pkg) throws IOException, URISyntaxException {
        URL url = Operand.class.getClassLoader().getResource(pkg.replace('.', '/'));
        assertThat(url).as("package directory of " + pkg).isNotNull();
        assertThat(url.getProtocol()).as("the scan reads class directories, not jars").isEqualTo("file");
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (!name.endsWith(".class")) {
                    continue;
                }
                Class<?> c;
                try {
                    c = Class.forName(pkg + "." + name.substring(0, name.length() - ".class".length()));
                } catch (ClassNotFoundException e) {
                    throw new AssertionError(e);
                }
                if (c.isRecord() && Operand.class.isAssignableFrom(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }
}
