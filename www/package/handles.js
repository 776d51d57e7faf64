// Handles JavaScript cannot forge, copy or reuse (issue 35). The wasm-bindgen glue keeps each
// object's wasm pointer in a plain `__wbg_ptr` property, and its methods trust whatever `this`
// holds there: writing it, copying it onto another object, or calling `free` through
// `Object.create(obj)` made the module read or free memory that was not that object's (traps, and
// a use-after-free). So every class the package and the page hand out is this facade instead: the
// glue's object lives in a private field (`#inner`), which no script can read, write or copy, and
// which only an object made by the facade's own constructor has. The glue objects never leave it.
//
// - A method on a freed object, or with anything else as `this` (a copy, `Object.create(obj)`,
//   another class's object, a plain object), throws an Error naming the class; nothing reaches wasm.
// - `free()` is idempotent and frees only its own object's memory; on anything else it throws.
// - The garbage collector still reclaims an object that was never freed: the glue registers its
//   objects with a FinalizationRegistry, and the glue object dies with the facade that holds it.

/** A glue class: an exported function whose prototype frees something. */
export const isGlueClass = (value) => typeof value === 'function' && typeof value.prototype?.free === 'function';

/** What a wrong `this` was, for messages: never calls anything of the value's own. */
function describe(value, prototype) {
  if (value === null) return 'null';
  if (typeof value !== 'object' && typeof value !== 'function') return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
  if (value === prototype) return 'the prototype itself';
  for (let p = value; p !== null; p = Object.getPrototypeOf(p)) if (p === prototype) return 'an object that only inherits from one (or a copy)';
  return 'another kind of object';
}

/** The facade for the glue class `Glue`, exported as `name`. */
function guardClass(name, Glue) {
  let owns;
  let inner;
  const Guarded = class {
    /** The glue object, or null once freed. */
    #inner;

    constructor(...args) {
      this.#inner = new Glue(...args);
    }

    free() {
      if (!owns(this)) throw new Error(`${name}.free was called on ${describe(this, Guarded.prototype)}, which is not a ${name}: only a ${name} can free its own memory.`);
      const glue = this.#inner;
      this.#inner = null;
      glue?.free();
    }

    static {
      // `in` throws a TypeError on a primitive: ask it of objects only.
      owns = (self) => self !== null && (typeof self === 'object' || typeof self === 'function') && #inner in self;
      inner = (self, method) => {
        if (!owns(self)) {
          throw new Error(`${name}.${method} was called on ${describe(self, Guarded.prototype)}, which is not a ${name} made by new ${name}(…).`);
        }
        if (self.#inner === null) throw new Error(`This ${name} was freed, so ${method} cannot run on it: make a new ${name}.`);
        return self.#inner;
      };
    }
  };
  Object.defineProperty(Guarded, 'name', { value: name });
  for (const method of Object.getOwnPropertyNames(Glue.prototype)) {
    if (method === 'constructor' || method === 'free' || method.startsWith('__')) continue;
    const described = Object.getOwnPropertyDescriptor(Glue.prototype, method);
    if (typeof described.value !== 'function') throw new Error(`handles.js: ${name}.${method} is not a method; the facade forwards methods only`);
    const forward = {
      [method](...args) {
        return inner(this, method)[method](...args);
      },
    }[method];
    Object.defineProperty(Guarded.prototype, method, { value: forward, writable: true, configurable: true });
  }
  if (typeof Symbol.dispose === 'symbol') Object.defineProperty(Guarded.prototype, Symbol.dispose, { value: Guarded.prototype.free, writable: true, configurable: true });
  return Guarded;
}

/** Every export of a glue module, its classes replaced by their facades (the rest as they are). */
export function guard(glue) {
  return Object.fromEntries(Object.entries(glue).map(([name, value]) => [name, isGlueClass(value) ? guardClass(name, value) : value]));
}
