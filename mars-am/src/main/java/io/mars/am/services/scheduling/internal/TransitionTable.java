package io.mars.am.services.scheduling.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Every legal transition of an enum lifecycle, written once as (from, event) -> to; any other pair is illegal.
 * Immutable once built, so one table serves every instance of the lifecycle.
 *
 * @param <S> the states
 * @param <E> the events
 */
final class TransitionTable<S extends Enum<S>, E extends Enum<E>> {
    private final S[] states;
    /** [from.ordinal() * events + event.ordinal()]: the state reached, or null when the event is illegal there. */
    private final Object[] to;
    private final int events;
    private final List<Transition<S, E>> transitions;

    /** One legal transition. */
    record Transition<S, E>(S from, E event, S to) {
        Transition {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(to, "to");
        }
    }

    private TransitionTable(Class<S> stateType, Class<E> eventType, List<Transition<S, E>> transitions) {
        this.states = stateType.getEnumConstants();
        this.events = eventType.getEnumConstants().length;
        this.to = new Object[states.length * events];
        for (Transition<S, E> t : transitions) {
            int slot = t.from().ordinal() * events + t.event().ordinal();
            if (to[slot] != null) {
                throw new IllegalArgumentException("two transitions for " + t.event() + " in " + t.from());
            }
            to[slot] = t.to();
        }
        this.transitions = List.copyOf(transitions);
    }

    static <S extends Enum<S>, E extends Enum<E>> Builder<S, E> builder(Class<S> states, Class<E> events) {
        return new Builder<>(states, events);
    }

    /** The state {@code event} leads to from {@code from}; null when the event is illegal there. */
    @SuppressWarnings("unchecked")
    S next(S from, E event) {
        return (S) to[from.ordinal() * events + event.ordinal()];
    }

    /** The state with this ordinal (states are stored compactly as ordinals). */
    S state(int ordinal) {
        return states[ordinal];
    }

    /** Every legal transition, in the order declared. */
    List<Transition<S, E>> transitions() {
        return transitions;
    }

    /** Collects transitions; {@link #build()} rejects two for the same (from, event). */
    static final class Builder<S extends Enum<S>, E extends Enum<E>> {
        private final Class<S> states;
        private final Class<E> events;
        private final List<Transition<S, E>> transitions = new ArrayList<>();

        private Builder(Class<S> states, Class<E> events) {
            this.states = states;
            this.events = events;
        }

        Builder<S, E> add(S from, E event, S to) {
            transitions.add(new Transition<>(from, event, to));
            return this;
        }

        TransitionTable<S, E> build() {
            return new TransitionTable<>(states, events, transitions);
        }
    }
}
