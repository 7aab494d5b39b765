package io.mars.am.web;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * An HTTP/1.1 GET from a chosen local address (HttpURLConnection cannot pick one), to play a client that is not the
 * YARN proxy: any 127.0.0.0/8 address other than 127.0.0.1.
 */
public record RawResponse(int status, String location, String body) {
    /** GET {@code path} from {@code host:port}, the socket bound to {@code fromAddress}. */
    public static RawResponse get(String fromAddress, String host, int port, String path) throws IOException {
        try (Socket socket = new Socket()) {
            socket.setSoTimeout(20_000);
            socket.bind(new InetSocketAddress(fromAddress, 0));
            socket.connect(new InetSocketAddress(host, port), 20_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String text = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            String head = end < 0 ? text : text.substring(0, end);
            String body = end < 0 ? "" : text.substring(end + 4);
            String[] lines = head.split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            String location = null;
            boolean chunked = false;
            for (String line : lines) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase("Location")) {
                    location = line.substring(colon + 1).trim();
                }
                if (line.equalsIgnoreCase("Transfer-Encoding: chunked")) {
                    chunked = true;
                }
            }
            return new RawResponse(status, location, chunked ? unchunk(body) : body);
        }
    }

    private static String unchunk(String body) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < body.length()) {
            int eol = body.indexOf("\r\n", at);
            int size = Integer.parseInt(body.substring(at, eol).split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            out.append(body, eol + 2, eol + 2 + size);
            at = eol + 2 + size + 2;
        }
        return out.toString();
    }
}
