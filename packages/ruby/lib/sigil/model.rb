# frozen_string_literal: true

module Sigil
  # Base of the generated schema classes: snake_case readers over the JSON object Sigil sent, and the
  # reverse trip from a hash of snake_case (or the API's camelCase) keys to the JSON a request carries.
  class Model
    class << self
      attr_reader :schema_name, :required_fields

      # { "walletId" => [:wallet_id, type] }, where type is nil (a JSON value), a model's name or [:array, type].
      def fields
        @fields ||= {}
      end

      # Reader name (Symbol) -> JSON name.
      def json_names
        @json_names ||= {}
      end

      def schema(name, required:)
        @schema_name = name
        @required_fields = required.freeze
      end

      def field(json, reader, type = nil)
        fields[json] = [reader, type].freeze
        json_names[reader] = json
        define_method(reader) { @values.fetch(reader) { @values[reader] = Model.read(type, @raw[json]) } }
      end

      # The JSON object a request carries for this schema, from a hash (or a model). Keys may be the readers'
      # snake_case symbols or strings, or the API's camelCase names. Raises ArgumentError for an unknown key
      # or a missing required field, naming the schema, before anything is sent.
      def to_wire(value, where = schema_name)
        return value.to_h if value.is_a?(self)
        raise ArgumentError, "#{where} must be a Hash (got #{value.class})" unless value.is_a?(Hash)

        wire = {}
        value.each do |key, item|
          json = json_names[key.to_sym] || (fields.key?(key.to_s) ? key.to_s : nil)
          unless json
            known = json_names.keys.map(&:inspect).join(", ")
            raise ArgumentError, "#{where} has no field #{key.inspect} (known: #{known.empty? ? 'none' : known})"
          end
          wire[json] = Model.write(fields[json][1], item, "#{where}.#{fields[json][0]}")
        end
        missing = required_fields.reject { |json| wire.key?(json) }
        unless missing.empty?
          names = missing.map { |json| fields[json] ? fields[json][0].inspect : json }
          raise ArgumentError, "#{where} needs #{names.join(', ')}"
        end
        wire
      end
    end

    def self.resolve(type)
      type.is_a?(String) ? Sigil.const_get(type) : type
    end

    def self.read(type, value)
      return value if type.nil? || value.nil?
      if type.is_a?(Array)
        return value unless value.is_a?(Array)
        return value.map { |item| read(type[1], item) }
      end
      value.is_a?(Hash) ? resolve(type).new(value) : value
    end

    def self.write(type, value, where)
      return value if type.nil? || value.nil?
      if type.is_a?(Array)
        raise ArgumentError, "#{where} must be an Array (got #{value.class})" unless value.is_a?(Array)
        return value.each_with_index.map { |item, index| write(type[1], item, "#{where}[#{index}]") }
      end
      resolve(type).to_wire(value, where)
    end

    # A model over the JSON object `raw` (String keys, as JSON.parse returns them).
    def initialize(raw = {})
      @raw = raw.freeze
      @values = {}
    end

    # The JSON object as Sigil sent it, with the API's camelCase keys (including any this gem does not know).
    def to_h
      @raw
    end

    # A field by its JSON name ("walletId") or reader (:wallet_id).
    def [](key)
      json = self.class.json_names[key.to_sym] if key.is_a?(Symbol)
      @raw[json || key.to_s]
    end

    def ==(other)
      other.class == self.class && other.to_h == @raw
    end
    alias eql? ==

    def hash
      [self.class, @raw].hash
    end

    def inspect
      "#<#{self.class.name} #{@raw.inspect}>"
    end
    alias to_s inspect
  end
end
