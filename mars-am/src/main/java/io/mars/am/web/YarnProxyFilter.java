package io.mars.am.web;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import javax.servlet.Filter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.http.FilterContainer;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.server.webproxy.amfilter.AmFilterInitializer;
import org.apache.hadoop.yarn.server.webproxy.amfilter.AmIpFilter;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/**
 * YARN's own {@link AmIpFilter}, set up the way Hadoop's {@link AmFilterInitializer} sets it up for an AM's
 * {@code HttpServer2}: the proxy hosts and proxy URI bases come from the ResourceManager addresses in the YARN
 * configuration (RM HA included) and from the {@code APPLICATION_WEB_PROXY_BASE} the NodeManager puts in the AM's
 * environment. Requests from the proxy pass (as the proxy's user); any other client gets a redirect to the proxy.
 */
public final class YarnProxyFilter {
    private final Map<String, String> parameters;

    private YarnProxyFilter(Map<String, String> parameters) {
        this.parameters = Map.copyOf(parameters);
    }

    /** The filter for this AM: {@code proxyBase} is {@code /proxy/<application id>}. */
    public static YarnProxyFilter create(Configuration yarnConf, String proxyBase) {
        Objects.requireNonNull(proxyBase, "proxyBase");
        Collector collector = new Collector();
        new AmFilterInitializer() {
            @Override
            protected String getApplicationWebProxyBase() {
                return proxyBase;
            }
        }.initFilter(collector, yarnConf);
        if (collector.parameters == null) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "Hadoop's AmFilterInitializer set up no AmIpFilter");
        }
        return new YarnProxyFilter(collector.parameters);
    }

    /**
     * The filter for the AM running in this container: the proxy base is the {@code APPLICATION_WEB_PROXY_BASE} the
     * NodeManager sets for an AM, else {@code /proxy/<application id>} from the container id.
     */
    public static YarnProxyFilter forThisContainer(Configuration yarnConf) {
        String base = System.getenv(ApplicationConstants.APPLICATION_WEB_PROXY_BASE_ENV);
        if (base == null || base.isEmpty()) {
            String container = System.getenv(ApplicationConstants.Environment.CONTAINER_ID.name());
            if (container == null || container.isEmpty()) {
                throw new MarsException(ErrorCode.INVALID_CONFIG, "neither " + ApplicationConstants
                        .APPLICATION_WEB_PROXY_BASE_ENV + " nor " + ApplicationConstants.Environment.CONTAINER_ID.name()
                        + " is set: the AM's web UI runs behind YARN's proxy only in a container YARN launched");
            }
            ApplicationId app = ContainerId.fromString(container).getApplicationAttemptId().getApplicationId();
            base = "/proxy/" + app;
        }
        return create(yarnConf, base);
    }

    /** The filter's init parameters: {@code PROXY_HOSTS}, {@code PROXY_URI_BASES}, and {@code RM_HA_URLS} with HA. */
    public Map<String, String> parameters() {
        return parameters;
    }

    /** A new filter, for the servlet container to initialize with {@link #parameters()}. */
    Filter newFilter() {
        return new AmIpFilter();
    }

    /** Receives what the initializer would add to Hadoop's HTTP server. */
    private static final class Collector implements FilterContainer {
        Map<String, String> parameters;

        @Override
        public void addFilter(String name, String classname, Map<String, String> params) {
            parameters = new HashMap<>(params);
        }

        @Override
        public void addGlobalFilter(String name, String classname, Map<String, String> params) {
            addFilter(name, classname, params);
        }
    }
}
