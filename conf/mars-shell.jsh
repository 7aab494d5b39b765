// The startup of bin/mars-shell (JShell runs it first, and again after /reset): the Mars API imported and a
// `session` open on the master given with --master (default local[*]). The session closes when the shell exits.
import static io.mars.tensor.Tensors.*;
import io.mars.*;
import io.mars.tensor.*;
import io.mars.dataframe.*;
import io.mars.learn.*;
import io.mars.types.*;
// io.mars.dataframe has an Index as well (a frame's row labels, df.index()): spell that one io.mars.dataframe.Index
import io.mars.tensor.Index;
Session session = io.mars.submit.cli.ShellSession.open();
