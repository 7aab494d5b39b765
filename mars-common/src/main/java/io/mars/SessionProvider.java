package io.mars;

import java.util.Map;

/** Makes sessions for a kind of master; found with {@link java.util.ServiceLoader}. */
public interface SessionProvider {
    boolean supports(String master);

    Session create(String master, Map<String, String> conf);
}
