package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.List;

/**
 * pandas' {@code query}/{@code eval} expressions over a frame's columns, parsed into calls of the series API: names
 * (or `quoted names`), numbers, 'text', True/False, {@code + - * / // % **}, comparisons (chained as Python chains
 * them), {@code and/or/not} and {@code & | ~}, parentheses. Constant parts are folded; an unknown name is
 * COLUMN_NOT_FOUND naming it, a malformed expression INVALID_ARGUMENT with the position.
 */
final class Query {
    private sealed interface Value permits Col, Num, Text, Flag {
    }

    private record Col(Series s) implements Value {
    }

    /** A number; {@code integral} when written without a point or exponent (Python's int). */
    private record Num(double v, boolean integral) implements Value {
    }

    private record Text(String v) implements Value {
    }

    private record Flag(boolean v) implements Value {
    }

    private final DataFrame frame;
    private final String text;
    private final List<String> tokens = new ArrayList<>();
    private final List<Integer> positions = new ArrayList<>();
    private int at;

    private Query(DataFrame frame, String text) {
        this.frame = frame;
        this.text = text;
    }

    static Series eval(DataFrame frame, String expression) {
        Query q = new Query(frame, java.util.Objects.requireNonNull(expression, "expression"));
        q.tokenize();
        Value v = q.or();
        if (q.at < q.tokens.size()) {
            throw q.error("unexpected '" + q.tokens.get(q.at) + "'");
        }
        if (!(v instanceof Col c)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "expression '" + expression + "' uses no column");
        }
        return c.s();
    }

    static DataFrame query(DataFrame frame, String expression) {
        Series mask = eval(frame, expression);
        if (mask.dtype() != io.mars.types.DType.BOOL) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "query '" + expression + "' gives " + mask.dtype()
                    + ", not bool; write a condition");
        }
        return frame.filter(mask);
    }

    // ----- tokens -----

    private void tokenize() {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (Character.isLetter(c) || c == '_') {
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
            } else if (Character.isDigit(c) || c == '.' && i + 1 < text.length() && Character.isDigit(text.charAt(i + 1))) {
                while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
                    i++;
                }
                if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
                    i++;
                    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                        i++;
                    }
                    while (i < text.length() && Character.isDigit(text.charAt(i))) {
                        i++;
                    }
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                int end = text.indexOf(c, i + 1);
                if (end < 0) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, "expression '" + text + "': unclosed " + c
                            + " at position " + i);
                }
                i = end + 1;
            } else {
                String two = i + 2 <= text.length() ? text.substring(i, i + 2) : "";
                i += List.of("**", "//", "==", "!=", "<=", ">=").contains(two) ? 2 : 1;
                if ("+-*/%()<>&|~".indexOf(c) < 0 && i - start == 1) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, "expression '" + text + "': unexpected '" + c
                            + "' at position " + start);
                }
            }
            tokens.add(text.substring(start, i));
            positions.add(start);
        }
    }

    private String peek() {
        return at < tokens.size() ? tokens.get(at) : "";
    }

    private boolean accept(String... options) {
        for (String o : options) {
            if (peek().equals(o)) {
                at++;
                return true;
            }
        }
        return false;
    }

    private MarsException error(String what) {
        int pos = at < positions.size() ? positions.get(at) : text.length();
        return new MarsException(ErrorCode.INVALID_ARGUMENT, "expression '" + text + "': " + what + " at position "
                + pos);
    }

    // ----- grammar (Python's precedence) -----

    private Value or() {
        Value v = and();
        while (accept("or", "|")) {
            v = logical(v, and(), true);
        }
        return v;
    }

    private Value and() {
        Value v = not();
        while (accept("and", "&")) {
            v = logical(v, not(), false);
        }
        return v;
    }

    private Value not() {
        if (accept("not", "~")) {
            Value v = not();
            if (v instanceof Flag f) {
                return new Flag(!f.v());
            }
            if (v instanceof Col c) {
                return new Col(c.s().not());
            }
            throw error("'not' needs a condition");
        }
        return comparison();
    }

    private static final List<String> COMPARISONS = List.of("==", "!=", "<", "<=", ">", ">=");

    private Value comparison() {
        Value left = sum();
        Value result = null;
        while (COMPARISONS.contains(peek())) {
            String op = tokens.get(at++);
            Value right = sum();
            Value one = compare(left, op, right);
            result = result == null ? one : logical(result, one, false);
            left = right;
        }
        return result == null ? left : result;
    }

    private Value sum() {
        Value v = product();
        while (peek().equals("+") || peek().equals("-")) {
            String op = tokens.get(at++);
            v = arithmetic(v, op, product());
        }
        return v;
    }

    private Value product() {
        Value v = unary();
        while (List.of("*", "/", "//", "%").contains(peek())) {
            String op = tokens.get(at++);
            v = arithmetic(v, op, unary());
        }
        return v;
    }

    private Value unary() {
        if (accept("-")) {
            Value v = unary();
            if (v instanceof Num n) {
                return new Num(-n.v(), n.integral());
            }
            if (v instanceof Col c) {
                return new Col(c.s().negate());
            }
            throw error("'-' needs a number");
        }
        if (accept("+")) {
            return unary();
        }
        return power();
    }

    private Value power() {
        Value base = atom();
        if (accept("**")) {
            Value exponent = unary();
            return arithmetic(base, "**", exponent);
        }
        return base;
    }

    private Value atom() {
        if (at >= tokens.size()) {
            throw error("the expression ends early");
        }
        String t = tokens.get(at++);
        if (t.equals("(")) {
            Value v = or();
            if (!accept(")")) {
                throw error("')' expected");
            }
            return v;
        }
        char c = t.charAt(0);
        if (c == '\'' || c == '"') {
            return new Text(t.substring(1, t.length() - 1));
        }
        if (c == '`') {
            return column(t.substring(1, t.length() - 1));
        }
        if (Character.isDigit(c) || c == '.') {
            try {
                boolean integral = t.chars().allMatch(Character::isDigit);
                return new Num(Double.parseDouble(t), integral);
            } catch (NumberFormatException e) {
                at--;
                throw error("'" + t + "' is not a number");
            }
        }
        if (t.equals("True") || t.equals("False")) {
            return new Flag(t.equals("True"));
        }
        if (Character.isLetter(c) || c == '_') {
            return column(t);
        }
        at--;
        throw error("unexpected '" + t + "'");
    }

    private Value column(String name) {
        if (!frame.columns().contains(name)) {
            throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "expression '" + text + "': name '" + name
                    + "' is not a column; the frame has " + frame.columns());
        }
        return new Col(frame.col(name));
    }

    // ----- operations -----

    private Value logical(Value a, Value b, boolean or) {
        if (a instanceof Flag x && b instanceof Flag y) {
            return new Flag(or ? x.v() || y.v() : x.v() && y.v());
        }
        if (a instanceof Flag f) {
            return logical(b, a, or);
        }
        if (!(a instanceof Col x)) {
            throw error((or ? "'or'" : "'and'") + " needs conditions");
        }
        if (b instanceof Flag f) {
            return f.v() == or ? new Flag(or) : a; // x or True = True, x and False = False
        }
        if (b instanceof Col y) {
            return new Col(or ? x.s().or(y.s()) : x.s().and(y.s()));
        }
        throw error((or ? "'or'" : "'and'") + " needs conditions");
    }

    private static String flipped(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }

    private Value compare(Value a, String op, Value b) {
        if (!(a instanceof Col) && b instanceof Col) {
            return compare(b, flipped(op), a);
        }
        if (a instanceof Num x && b instanceof Num y) {
            int c = Double.compare(x.v(), y.v());
            return new Flag(switch (op) {
                case "==" -> c == 0;
                case "!=" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                default -> c >= 0;
            });
        }
        if (!(a instanceof Col col)) {
            throw error("cannot compare " + describe(a) + " with " + describe(b));
        }
        Series s = col.s();
        if (b instanceof Col o) {
            return new Col(switch (op) {
                case "==" -> s.eq(o.s());
                case "!=" -> s.ne(o.s());
                case "<" -> s.lt(o.s());
                case "<=" -> s.le(o.s());
                case ">" -> s.gt(o.s());
                default -> s.ge(o.s());
            });
        }
        if (b instanceof Num n) {
            return new Col(switch (op) {
                case "==" -> s.eq(n.v());
                case "!=" -> s.ne(n.v());
                case "<" -> s.lt(n.v());
                case "<=" -> s.le(n.v());
                case ">" -> s.gt(n.v());
                default -> s.ge(n.v());
            });
        }
        if (b instanceof Text t) {
            return new Col(switch (op) {
                case "==" -> s.eq(t.v());
                case "!=" -> s.ne(t.v());
                case "<" -> s.lt(t.v());
                case "<=" -> s.le(t.v());
                case ">" -> s.gt(t.v());
                default -> s.ge(t.v());
            });
        }
        boolean truth = ((Flag) b).v() == op.equals("=="); // a bool column == True
        if (!op.equals("==") && !op.equals("!=")) {
            throw error("cannot order column '" + s.name() + "' against " + describe(b));
        }
        return new Col(truth ? s : s.not());
    }

    private static String describe(Value v) {
        if (v instanceof Col c) {
            return "column '" + c.s().name() + "'";
        }
        if (v instanceof Num n) {
            return "the number " + n.v();
        }
        if (v instanceof Text t) {
            return "the text '" + t.v() + "'";
        }
        return ((Flag) v).v() ? "True" : "False";
    }

    private Value arithmetic(Value a, String op, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            boolean integral = x.integral() && y.integral() && !op.equals("/");
            double v = switch (op) {
                case "+" -> x.v() + y.v();
                case "-" -> x.v() - y.v();
                case "*" -> x.v() * y.v();
                case "/" -> x.v() / y.v();
                case "//" -> Math.floor(x.v() / y.v());
                case "%" -> x.v() - Math.floor(x.v() / y.v()) * y.v();
                default -> Math.pow(x.v(), y.v());
            };
            return new Num(v, integral);
        }
        if (a instanceof Col x && b instanceof Col y) {
            return new Col(switch (op) {
                case "+" -> x.s().add(y.s());
                case "-" -> x.s().subtract(y.s());
                case "*" -> x.s().multiply(y.s());
                case "/" -> x.s().divide(y.s());
                case "//" -> x.s().floorDivide(y.s());
                case "%" -> x.s().mod(y.s());
                default -> throw error("'**' needs a number as the exponent");
            });
        }
        if (a instanceof Col x && b instanceof Num n) {
            long l = (long) n.v();
            return new Col(switch (op) {
                case "+" -> n.integral() ? x.s().add(l) : x.s().add(n.v());
                case "-" -> n.integral() ? x.s().subtract(l) : x.s().subtract(n.v());
                case "*" -> n.integral() ? x.s().multiply(l) : x.s().multiply(n.v());
                case "/" -> x.s().divide(n.v());
                case "//" -> x.s().floorDivide(requireIntegral(n, op));
                case "%" -> x.s().mod(requireIntegral(n, op));
                default -> n.integral() ? x.s().power(l) : x.s().power(n.v());
            });
        }
        if (a instanceof Num n && b instanceof Col x) {
            return new Col(switch (op) {
                case "+" -> x.s().radd(n.v());
                case "-" -> x.s().rsub(n.v());
                case "*" -> x.s().rmul(n.v());
                case "/" -> x.s().rdiv(n.v());
                case "//" -> x.s().rfloordiv(requireIntegral(n, op));
                case "%" -> x.s().rmod(requireIntegral(n, op));
                default -> x.s().rpow(n.v());
            });
        }
        throw error("cannot apply '" + op + "' to " + describe(a) + " and " + describe(b));
    }

    private long requireIntegral(Num n, String op) {
        if (!n.integral()) {
            throw error("'" + op + "' with a column takes a whole number, got " + n.v());
        }
        return (long) n.v();
    }
}
