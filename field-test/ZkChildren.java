import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * The field test's look into ZooKeeper, run as a source file on the distribution's lib/:
 * {@code java -cp 'lib/*' ZkChildren.java host:port /path}. Prints the path's children, one per line; exit 0 when the
 * path exists, 3 when it does not, 1 when ZooKeeper cannot be reached in 20 s.
 */
public final class ZkChildren {
    public static void main(String[] args) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(args[0], 20_000, event -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        try {
            if (!connected.await(20, TimeUnit.SECONDS)) {
                System.err.println("ZkChildren: cannot reach ZooKeeper at " + args[0]);
                System.exit(1);
            }
            List<String> children = zk.getChildren(args[1], false);
            children.forEach(System.out::println);
        } catch (KeeperException.NoNodeException e) {
            System.exit(3);
        } finally {
            zk.close();
        }
    }
}
