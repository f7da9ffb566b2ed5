import { Component } from 'preact';

// A component that re-renders only when one of its (primitive) props changes:
// a chart's grid is hundreds of elements that rarely move.
export function pure(render) {
  return class Pure extends Component {
    shouldComponentUpdate(next) {
      for (const k in next) if (next[k] !== this.props[k]) return true;
      for (const k in this.props) if (!(k in next)) return true;
      return false;
    }

    render(props) {
      return render(props);
    }
  };
}
